import * as v from 'valibot';
import { AuthResult } from '../../contract/auth.ts';
import { PasskeyOptions } from '../../contract/passkeys.ts';
import { apiHeaders, call, formBody } from './client.ts';

export interface Credentials {
  login: string;
  password: string;
  next: string;
}

export function signIn(credentials: Credentials, signal?: AbortSignal): Promise<AuthResult> {
  return call('auth/login/', AuthResult, {
    method: 'POST',
    body: formBody({ ...credentials }),
    signal,
    useCase: 'login',
  });
}

export async function signOut(signal?: AbortSignal): Promise<void> {
  await call('auth/logout/', v.unknown(), { method: 'POST', signal, useCase: 'logout' });
}

/** Options for the browser's passkey prompt, with a challenge for this browser (decision 0219). */
export function fetchPasskeySignInOptions(signal?: AbortSignal) {
  return call('auth/passkey/options/', PasskeyOptions, {
    method: 'POST',
    signal,
    useCase: 'passkey_sign_in_options',
  });
}

/**
 * The passkey autofill's options, fetched without the API client: the sign-in page asks
 * for them as it is drawn, and the client's library need not load for it (decision 0039).
 * Any failure throws; the autofill then offers nothing, and the button asks through `call`.
 */
export async function fetchPasskeyAutofillOptions(signal: AbortSignal): Promise<PasskeyOptions> {
  const response = await fetch('/api/auth/passkey/options/', {
    method: 'POST',
    headers: apiHeaders('POST'),
    signal,
  });
  if (!response.ok) throw new Error(`passkey options answered ${response.status}`);
  return v.parse(PasskeyOptions, await response.json());
}

/** Signs in with the passkey's assertion; answers where to go, as the password sign-in. */
export function signInWithPasskey(
  credential: unknown,
  next: string,
  signal?: AbortSignal,
): Promise<AuthResult> {
  return call('auth/passkey/', AuthResult, {
    method: 'POST',
    body: { credential, next },
    signal,
    useCase: 'passkey_sign_in',
  });
}
