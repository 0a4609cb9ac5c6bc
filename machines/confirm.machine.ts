import { setup } from 'xstate';

/**
 * A confirmation dialog: closed until asked, then confirmed or cancelled. Used for
 * the profile removal ('Are you sure you want to delete profile?') and for any
 * other action that asks first. Ends in `confirmed`; the page acts on it.
 */
export const confirmMachine = setup({
  types: {
    events: {} as { type: 'confirm.ask' } | { type: 'confirm.cancel' } | { type: 'confirm.accept' },
  },
}).createMachine({
  id: 'confirm',
  initial: 'closed',
  states: {
    closed: { description: 'No confirmation is asked.', on: { 'confirm.ask': 'asking' } },
    asking: {
      description: 'The confirmation dialog is open: confirm or cancel.',
      on: { 'confirm.cancel': 'closed', 'confirm.accept': 'confirmed' },
    },
    confirmed: {
      description: 'The user confirmed — the page goes on with the action.',
      type: 'final',
    },
  },
});
