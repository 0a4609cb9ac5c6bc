import { fromPromise } from 'xstate';
import { reauthMachine } from '../../machines/reauth.machine.ts';
import { ApiError } from '../api/errors.ts';
import { fetchSocialAccounts } from '../api/profile.api.ts';
import { reauthenticate } from '../api/security.api.ts';
import { fetchProfile } from '../api/session.api.ts';
import { claimFieldErrors } from './field-errors.ts';

export const liveReauthMachine = reauthMachine.provide({
  actors: {
    loadProofs: fromPromise(async ({ signal }) => {
      const [user, social] = await Promise.all([fetchProfile(signal), fetchSocialAccounts(signal)]);
      return {
        hasPassword: user?.has_password !== false,
        providers: social.map((account) => account.provider),
      };
    }),
    reauthenticate: fromPromise(async ({ input, signal }) => {
      try {
        await reauthenticate(input.password, signal);
      } catch (error) {
        throw claimFieldErrors(atPassword(error), ['password']);
      }
    }),
  },
});

/** Too many tries is said at the field, in the dialog, not in a toast behind it. */
function atPassword(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const items = error.items.map((item) =>
    item.code === 'too_many_requests' ? { ...item, source: { pointer: 'password' } } : item,
  );
  return new ApiError(items, error.status);
}
