import { fromPromise } from 'xstate';
import { passwordChangeMachine } from '../../machines/password-change.machine.ts';
import { changePassword } from '../api/security.api.ts';
import { claimFieldErrors } from './field-errors.ts';

export const livePasswordChangeMachine = passwordChangeMachine.provide({
  actors: {
    changePassword: fromPromise(async ({ input, signal }) => {
      try {
        await changePassword(input, signal);
      } catch (error) {
        // A cancelled re-auth dialog, too many tries: a toast; the fields keep their values.
        throw claimFieldErrors(error, ['current_password', 'password']);
      }
    }),
  },
});
