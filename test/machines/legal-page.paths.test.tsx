import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { LegalDocument } from '../../contract/legal.ts';
import { legalPageMachine } from '../../machines/legal-page.machine.ts';
import { LegalPageView } from '../../src/views/legal/legal-page.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';

const terms: LegalDocument = {
  title: 'Terms of service',
  blocks: [
    { kind: 'heading', text: 'Your account' },
    { kind: 'paragraph', text: 'Keep your password safe.' },
    {
      kind: 'list',
      items: ['Give true and current information.', 'One account is for one person.'],
    },
  ],
};
const FAILED = "Couldn't load this page";

describeMachinePaths(legalPageMachine, {
  paths: 2,
  input: { page: 'terms', locale: 'en' },
  // Section 2, Layout (the footer's terms and privacy links): the document in the
  // page's language, with Try again when it could not be loaded.
  steps: {
    loading: {
      'done: fetchDocument': (_, event) => ({ to: 'shown', set: { text: outputOf(event) } }),
      'error: fetchDocument': { to: 'failed' },
    },
    failed: {
      'legal.retry': {
        to: 'loading',
        starts: { fetchDocument: { page: 'terms', locale: 'en' } },
      },
    },
  },
  events: (snapshot) => [
    { type: 'legal.retry' },
    ...internalEvents(snapshot, { fetchDocument: { output: [terms] } }),
  ],
  serialize: (snapshot) => ({ shown: snapshot.context.text !== null }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    shown: (snapshot) => expect(snapshot.context.text).toEqual(terms),
    failed: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.text).toBeNull();
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <LegalPageView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading…');
        expect(screen.queryByRole('heading')).toBeNull();
        expect(screen.queryByText(FAILED)).toBeNull();
      },
      shown: () => {
        // The operator's text as it came: its title, headings, paragraphs and lists.
        const article = screen.getByRole('article');
        screen.getByRole('heading', { level: 1, name: 'Terms of service' });
        screen.getByRole('heading', { level: 2, name: 'Your account' });
        screen.getByText('Keep your password safe.');
        const items = screen.getAllByRole('listitem').map((item) => item.textContent);
        expect(items).toEqual([
          'Give true and current information.',
          'One account is for one person.',
        ]);
        expect(article.textContent).toContain('Keep your password safe.');
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.queryByText(FAILED)).toBeNull();
      },
      failed: () => {
        // The page's own title, the failure and Try again; none of the text.
        screen.getByRole('heading', { level: 1, name: 'Terms of service' });
        screen.getByText(FAILED);
        const retry = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
        expect(retry.disabled).toBe(false);
        expect(screen.queryByRole('article')).toBeNull();
        expect(screen.queryByRole('status')).toBeNull();
      },
    },
  },
});
