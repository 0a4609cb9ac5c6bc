import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { draftOfferMachine } from '../../machines/draft-offer.machine.ts';
import { ConsultationFormView } from '../../src/views/consultation/consultation-form.view.tsx';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths } from './path-harness.ts';

const values = { first_name: 'Anna Maria', company: 'ACME' };

const NOTICE = 'You have unsaved changes from before you were signed out';
/** The offer has no page of its own: it shows above a form, here the consultation form. */
const form = () => screen.getByRole('form', { name: 'Request a consultation' });
/** Nothing offered: the form alone, no notice and none of its buttons. */
const formAlone = () => {
  form();
  expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  expect(screen.queryByText(NOTICE)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
};

describeMachinePaths(draftOfferMachine, {
  paths: 3,
  // Decision 0025 (unsaved forms across sign-out): the values kept when the session ended
  // are offered; Restore puts them back until a save, Discard or a save forgets them.
  steps: {
    none: { 'draft.found': { to: 'offered', set: { draft: values } } },
    offered: {
      'draft.restore': { to: 'restored' },
      'draft.discard': { to: 'none', set: { draft: null } },
      'form.saved': { to: 'none', set: { draft: null } },
    },
    restored: { 'form.saved': { to: 'none', set: { draft: null } } },
  },
  events: () => [
    { type: 'draft.found', values },
    { type: 'draft.restore' },
    { type: 'draft.discard' },
    { type: 'form.saved' },
  ],
  states: {
    none: (snapshot) => {
      // Nothing is offered and nothing is kept.
      expect(snapshot.context.draft).toBeNull();
    },
    offered: (snapshot) => {
      expect(snapshot.context.draft).toEqual(values);
      expect(snapshot.can({ type: 'draft.restore' })).toBe(true);
      expect(snapshot.can({ type: 'draft.discard' })).toBe(true);
    },
    restored: (snapshot) => {
      // Back in the form but not saved: the draft stays until a save, and is not offered again.
      expect(snapshot.context.draft).toEqual(values);
      expect(snapshot.can({ type: 'draft.restore' })).toBe(false);
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <ConsultationFormView
          values={{ name: '', email: '', company: '', phone: '', industry: '', comment: '' }}
          serverErrors={{}}
          busy={false}
          send={() => {}}
          draft={{
            snapshot,
            send: () => {},
            connect: () => () => {},
            connectForm: () => () => {},
          }}
        />
      </Providers>
    ),
    states: {
      none: formAlone,
      offered: () => {
        // Above the form: the notice, Restore and Discard, both ready.
        const notice = screen.getByRole('region', { name: 'Unsaved changes' });
        expect(form().contains(notice)).toBe(true);
        within(notice).getByText(NOTICE);
        for (const name of ['Restore', 'Discard']) {
          const button = within(notice).getByRole('button', { name }) as HTMLButtonElement;
          expect(button.disabled).toBe(false);
        }
      },
      // Restored into the form: the notice goes (the values wait in the form for a save).
      restored: formAlone,
    },
  },
});
