import { fromPromise, setup } from 'xstate';

/**
 * The notice that a mail to the user's address never arrived (its retries spent): shown
 * on every signed-in page until the user dismisses it, which the server keeps.
 */
export const mailNoticeMachine = setup({
  types: {
    events: {} as { type: 'notice.dismiss' },
  },
  actors: {
    dismissNotice: fromPromise<void>(async () => {
      throw new Error('dismissNotice is provided by the app');
    }),
  },
}).createMachine({
  id: 'mailNotice',
  initial: 'shown',
  states: {
    shown: {
      description: 'What did not arrive, when, and what to check; with Dismiss.',
      on: { 'notice.dismiss': 'dismissing' },
    },
    dismissing: {
      description: 'The server forgets the notice; Dismiss waits.',
      tags: ['busy'],
      invoke: { id: 'dismissNotice', src: 'dismissNotice', onDone: 'dismissed', onError: 'failed' },
    },
    failed: {
      description: 'The notice stays, saying it could not be dismissed; Dismiss tries again.',
      on: { 'notice.dismiss': 'dismissing' },
    },
    dismissed: { type: 'final', description: 'The notice is gone.' },
  },
});
