import * as v from 'valibot';
import { Passkey, PasskeyList, PasskeyOptions } from '../../contract/passkeys.ts';
import { call } from './client.ts';

/*
 * The security page's passkeys (decision 0219). Options and credentials pass through as
 * the JSON the browser library makes and reads.
 */

/** The account's passkeys, oldest first. */
export function fetchPasskeys(signal?: AbortSignal) {
  return call('v1/security/passkeys/', PasskeyList, { signal, useCase: 'get_passkeys' });
}

/** Options for the browser to make a passkey, with a challenge for this session. */
export function fetchRegistrationOptions(signal?: AbortSignal) {
  return call('v1/security/passkeys/options/', PasskeyOptions, {
    method: 'POST',
    signal,
    useCase: 'passkey_options',
  });
}

/** Saves the passkey the browser made, under its name. */
export function savePasskey(name: string, credential: unknown, signal?: AbortSignal) {
  return call('v1/security/passkeys/', Passkey, {
    method: 'POST',
    body: { name, credential },
    signal,
    useCase: 'add_passkey',
  });
}

export function renamePasskey(id: string, name: string, signal?: AbortSignal) {
  return call(`v1/security/passkeys/${encodeURIComponent(id)}/`, Passkey, {
    method: 'PATCH',
    body: { name },
    signal,
    useCase: 'rename_passkey',
  });
}

export async function removePasskey(id: string, signal?: AbortSignal): Promise<void> {
  await call(`v1/security/passkeys/${encodeURIComponent(id)}/`, v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'remove_passkey',
  });
}
