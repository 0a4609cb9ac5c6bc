import { fromPromise, setup } from 'xstate';
import { retryState } from './load-parts.ts';

/**
 * Profile removal (/remove, reached after the confirmation on /profile): deletes
 * the profile and every session, then ends in `removed` (the page goes to sign-in
 * with a notice). A failure can be retried.
 */
export const profileRemovalMachine = setup({
  types: {
    events: {} as { type: 'removal.retry' },
  },
  actors: {
    deleteProfile: fromPromise<void>(async () => {
      throw new Error('deleteProfile is provided by the app');
    }),
  },
}).createMachine({
  id: 'profileRemoval',
  initial: 'removing',
  states: {
    removing: {
      description: 'After the confirmation, the profile is removed.',
      tags: ['busy'],
      invoke: { id: 'deleteProfile', src: 'deleteProfile', onDone: 'removed', onError: 'failed' },
    },
    failed: retryState('removal.retry', 'The removal failed, with Try again.', 'removing'),
    removed: { description: 'The profile is removed and the user signed out.', type: 'final' },
  },
});
