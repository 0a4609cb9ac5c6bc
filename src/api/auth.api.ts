import * as v from 'valibot';
import { AuthResult } from '../../contract/auth.ts';
import { PasskeyOptions } from '../../contract/passkeys.ts';
import { call, formBody } from './client.ts';

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
