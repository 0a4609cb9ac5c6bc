import { assign, emit, setup } from 'xstate';

/** A form's values as kept when the session ended: field name to value. */
export type DraftValues = Record<string, unknown>;
export interface DraftOfferContext {
  draft: DraftValues | null;
}
export type DraftOfferEvent =
  // The form found a draft this user left in it.
  | { type: 'draft.found'; values: DraftValues }
  | { type: 'draft.restore' }
  | { type: 'draft.discard' }
  // The form saved: its draft is done with.
  | { type: 'form.saved' };

/**
 * The unsaved changes a form held when the session ended (a call answered 401),
 * offered back once the same user signs in again and lands on the page: Restore puts
 * them into the form (the user saves them), Discard drops them; a successful save
 * drops them too (decision 0025).
 */
export const draftOfferMachine = setup({
  types: {
    context: {} as DraftOfferContext,
    events: {} as DraftOfferEvent,
    emitted: {} as { type: 'restore'; values: DraftValues } | { type: 'forget' },
  },
  actions: {
    keepDraft: assign({ draft: (_, params: { values: DraftValues }) => params.values }),
    restoreDraft: emit(({ context }) => ({
      type: 'restore' as const,
      values: context.draft ?? {},
    })),
    forgetDraft: emit({ type: 'forget' as const }),
    dropDraft: assign({ draft: null }),
  },
}).createMachine({
  id: 'draftOffer',
  context: { draft: null },
  initial: 'none',
  states: {
    none: {
      description: 'No draft to offer.',
      on: {
        'draft.found': {
          target: 'offered',
          actions: { type: 'keepDraft', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    offered: {
      description: 'The notice: unsaved changes from before signing out, Restore or Discard.',
      on: {
        'draft.restore': { target: 'restored', actions: 'restoreDraft' },
        'draft.discard': { target: 'none', actions: ['forgetDraft', 'dropDraft'] },
        'form.saved': { target: 'none', actions: ['forgetDraft', 'dropDraft'] },
      },
    },
    restored: {
      description: 'The values are back in the form, not saved: the draft stays until a save.',
      on: { 'form.saved': { target: 'none', actions: ['forgetDraft', 'dropDraft'] } },
    },
  },
});
