import { fromPromise } from 'xstate';
import {
  confirmCode,
  fetchPendingSignup,
  resendCode,
  ResendTooEarlyError,
} from '../api/identity.api.ts';
import { ApiError } from '../api/errors.ts';
import {
  isTokenErrorCode,
  ResendTooEarly,
  SignupTokenError,
  verificationMachine,
} from '../../machines/verification.machine.ts';
import { claimFieldErrors } from './field-errors.ts';

/**
 * The sign-up steps' errors: a refused sign-up session becomes SignupTokenError (the
 * screen offers to restart); errors of the form's fields go back to the form, also
 * when the server names the code but not the field (`byCode`); the rest go on to
 * the global handler.
 */
export function claimSignupErrors(
  error: unknown,
  fields: readonly string[],
  byCode: Readonly<Record<string, string>> = {},
): unknown {
  if (!(error instanceof ApiError)) return error;
  const token = error.items.find((item) => isTokenErrorCode(item.code));
  if (token && isTokenErrorCode(token.code)) return new SignupTokenError(token.code);
  const items = error.items.map((item) => {
    const field = byCode[item.code];
    return item.source.pointer === '' && field ? { ...item, source: { pointer: field } } : item;
  });
  return claimFieldErrors(new ApiError(items, error.status), fields);
}

const codeErrors = {
  wrong_confirmation_code: 'code',
  confirmation_expired: 'code',
  max_confirmation_attempts_exceeded: 'code',
};

export const liveVerificationMachine = verificationMachine.provide({
  actors: {
    fetchPending: fromPromise(async ({ signal }) => {
      try {
        return await fetchPendingSignup(signal);
      } catch (error) {
        throw claimSignupErrors(error, []);
      }
    }),
    confirmCode: fromPromise(async ({ input, signal }) => {
      try {
        return await confirmCode(input.code, signal);
      } catch (error) {
        throw claimSignupErrors(error, ['code'], codeErrors);
      }
    }),
    resendCode: fromPromise(async ({ signal }) => {
      try {
        return await resendCode(signal);
      } catch (error) {
        if (error instanceof ResendTooEarlyError) throw new ResendTooEarly(error.retryAfter);
        throw claimSignupErrors(error, []);
      }
    }),
  },
});
