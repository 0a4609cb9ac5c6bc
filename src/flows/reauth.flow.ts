import { fromPromise } from 'xstate';
import { reauthMachine } from '../../machines/reauth.machine.ts';
import { ApiError } from '../api/errors.ts';
import { fetchSocialAccounts } from '../api/profile.api.ts';
import { fetchPasskeys } from '../api/passkeys.api.ts';
import {
  fetchReauthPasskeyOptions,
  reauthenticate,
  reauthenticateWithPasskey,
} from '../api/security.api.ts';
import { fetchProfile } from '../api/session.api.ts';
import { claimFieldErrors } from './field-errors.ts';
import { promptPasskey, webauthn } from './passkey-prompt.ts';

export const liveReauthMachine = reauthMachine.provide({
  actors: {
    loadProofs: fromPromise(async ({ signal }) => {
      const [user, social, passkeys] = await Promise.all([
        fetchProfile(signal),
        fetchSocialAccounts(signal),
        fetchPasskeys(signal),
      ]);
      return {
        hasPassword: user?.has_password !== false,
        hasPasskey: passkeys.length > 0,
        providers: social.map((account) => account.provider),
      };
    }),
    reauthenticateWithPasskey: fromPromise(({ signal }) => passkeyProof(signal)),
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

/**
 * Options allowing the account's passkeys, the browser's prompt, the assertion posted:
 * the session counts as freshly signed in. The prompt refused or cancelled is
 * `passkey_cancelled`; a browser without WebAuthn `passkey_unsupported`.
 */
async function passkeyProof(signal: AbortSignal): Promise<void> {
  const browser = await webauthn();
  if (!browser.browserSupportsWebAuthn()) throw { code: 'passkey_unsupported' };
  const options = await fetchReauthPasskeyOptions(signal);
  let credential;
  try {
    credential = await promptPasskey(browser, options, signal);
  } catch {
    throw { code: 'passkey_cancelled' };
  }
  await reauthenticateWithPasskey(credential, signal);
}
