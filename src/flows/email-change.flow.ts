import { fromPromise } from 'xstate';
import { emailChangeMachine } from '../../machines/email-change.machine.ts';
import { ResendTooEarly } from '../../machines/verification.machine.ts';
import { ResendTooEarlyError } from '../api/identity.api.ts';
import {
  confirmEmailChange,
  resendEmailChangeCode,
  startEmailChange,
} from '../api/security.api.ts';
import { claimFieldErrors } from './field-errors.ts';

export const liveEmailChangeMachine = emailChangeMachine.provide({
  actors: {
    startEmailChange: fromPromise(async ({ input, signal }) => {
      try {
        return await startEmailChange(input.email, signal);
      } catch (error) {
        // A cancelled re-auth dialog, too many tries: a toast; the field keeps its value.
        throw claimFieldErrors(error, ['email']);
      }
    }),
    confirmEmailChange: fromPromise(async ({ input, signal }) => {
      try {
        return await confirmEmailChange(input.code, signal);
      } catch (error) {
        throw claimFieldErrors(error, ['code']);
      }
    }),
    resendEmailChangeCode: fromPromise(async ({ signal }) => {
      try {
        return await resendEmailChangeCode(signal);
      } catch (error) {
        if (error instanceof ResendTooEarlyError) throw new ResendTooEarly(error.retryAfter);
        throw claimFieldErrors(error, []);
      }
    }),
  },
});
