import { expect } from 'vitest';
import type { LegalDocument } from '../../contract/legal.ts';
import { legalPageMachine } from '../../machines/legal-page.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const terms: LegalDocument = {
  title: 'Terms of service',
  blocks: [
    { kind: 'heading', text: 'Your account' },
    { kind: 'paragraph', text: 'Keep your password safe.' },
  ],
};

describeMachinePaths(legalPageMachine, {
  paths: 2,
  input: { page: 'terms', locale: 'en' },
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
});
