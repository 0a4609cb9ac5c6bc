import { fromPromise } from 'xstate';
import { secondFactorMachine } from '../../machines/second-factor.machine.ts';
import { submitSecondFactor } from '../api/two-factor.api.ts';
import { claimSignupErrors } from './verification.flow.ts';

const codeErrors = {
  wrong_confirmation_code: 'code',
  max_confirmation_attempts_exceeded: 'code',
};

export const liveSecondFactorMachine = secondFactorMachine.provide({
  actors: {
    submitCode: fromPromise(async ({ input, signal }) => {
      try {
        return await submitSecondFactor(input.code, signal);
      } catch (error) {
        // An expired or foreign step: the screen sends the user to sign in again.
        throw claimSignupErrors(error, ['code'], codeErrors);
      }
    }),
  },
});
