import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { LoginForm } from '../../contract/auth.ts';
import {
  fetchPasskeyAutofillOptions,
  fetchPasskeySignInOptions,
  signIn,
  signInWithPasskey,
} from '../api/auth.api.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { claimFieldErrors } from './field-errors.ts';
import { nativeAutofill, promptPasskey, webauthn } from './passkey-prompt.ts';

/** The browser's refusal as the page's codes: no WebAuthn here, or cancelled (or timed out). */
function browserRefusal(error: unknown): { code: string } {
  const name = error instanceof Error ? error.name : '';
  return { code: name === 'NotSupportedError' ? 'passkey_unsupported' : 'passkey_cancelled' };
}

/** Stays pending until the signal aborts: an autofill that cannot be offered offers nothing. */
const never = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

/**
 * A passkey sign-in: options from the server, the browser's prompt (or, with `autofill`,
 * its autofill's offer), the assertion posted back. Leaving the state aborts the
 * browser's ceremony.
 */
async function passkeySignIn(next: string, signal: AbortSignal, autofill: boolean) {
  const native = autofill ? nativeAutofill() : null;
  if (native) return nativeAutofillSignIn(native, next, signal);
  const browser = await webauthn();
  if (autofill && !(await browser.browserSupportsWebAuthnAutofill())) return never(signal);
  if (!browser.browserSupportsWebAuthn()) throw { code: 'passkey_unsupported' };
  let options;
  try {
    options = await fetchPasskeySignInOptions(signal);
  } catch (error) {
    // The autofill was never asked for: its failure to start is not the user's to read.
    if (autofill) return never(signal);
    throw error;
  }
  signal.throwIfAborted();
  let credential;
  try {
    credential = await promptPasskey(browser, options, signal, autofill);
  } catch (error) {
    // An autofill withdrawn (the button asked instead, the page left) offers nothing more.
    if (autofill) return never(signal);
    throw browserRefusal(error);
  }
  return signInWithPasskey(credential, next, signal);
}

/**
 * The autofill's sign-in where the browser reads WebAuthn's JSON itself: no library, and
 * the options fetched without the API client (decision 0039). Nothing to offer, or a
 * failure before a passkey is picked, offers nothing.
 */
async function nativeAutofillSignIn(
  prompt: NonNullable<ReturnType<typeof nativeAutofill>>,
  next: string,
  signal: AbortSignal,
) {
  if (!(await PublicKeyCredential.isConditionalMediationAvailable())) return never(signal);
  let credential;
  try {
    credential = await prompt(await fetchPasskeyAutofillOptions(signal), signal);
  } catch {
    return never(signal);
  }
  return signInWithPasskey(credential, next, signal);
}

export const liveLoginMachine = loginMachine.provide({
  actors: {
    submitLogin: fromPromise(async ({ input, signal }) => {
      const { login, password } = v.parse(LoginForm, input);
      try {
        return await signIn({ login, password, next: input.next }, signal);
      } catch (error) {
        throw claimFieldErrors(error, ['login', 'password']);
      }
    }),
    signInWithPasskey: fromPromise(({ input, signal }) => passkeySignIn(input.next, signal, false)),
    watchPasskeyAutofill: fromPromise(({ input, signal }) =>
      passkeySignIn(input.next, signal, true),
    ),
  },
});
