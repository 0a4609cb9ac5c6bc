import { fromPromise } from 'xstate';
import { requestPasswordReset } from '../api/identity.api.ts';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { claimSignupErrors } from './verification.flow.ts';

export const livePasswordResetMachine = passwordResetMachine.provide({
  actors: {
    requestReset: fromPromise(async ({ input, signal }) => {
      try {
        await requestPasswordReset(input.email, signal);
      } catch (error) {
        throw claimSignupErrors(error, ['email'], { email: 'email', required: 'email' });
      }
    }),
  },
});
