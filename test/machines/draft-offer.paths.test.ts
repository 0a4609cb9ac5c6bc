import { expect } from 'vitest';
import { draftOfferMachine } from '../../machines/draft-offer.machine.ts';
import { describeMachinePaths } from './path-harness.ts';

const values = { first_name: 'Anna Maria', company: 'ACME' };

describeMachinePaths(draftOfferMachine, {
  paths: 3,
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
});
