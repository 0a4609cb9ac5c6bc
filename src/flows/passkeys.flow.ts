import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { passkeysMachine } from '../../machines/passkeys.machine.ts';
import {
  fetchPasskeys,
  fetchRegistrationOptions,
  removePasskey,
  renamePasskey,
  savePasskey,
} from '../api/passkeys.api.ts';

/**
 * Why the browser made no passkey, as the block's error codes: no WebAuthn here, the
 * user cancelled (or let it time out), or this authenticator holds one of the account's
 * passkeys already.
 */
function browserRefusal(error: unknown): { code: string } {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return { code: 'passkey_exists' };
  }
  return { code: 'passkey_cancelled' };
}

/**
 * Options from the server, the browser's credential, saved under the name. The WebAuthn
 * library loads with the first passkey added, as on the sign-in page.
 */
async function registerPasskey(name: string, signal: AbortSignal) {
  const browser = await import('./webauthn-registration.ts');
  if (!browser.browserSupportsWebAuthn()) throw { code: 'passkey_unsupported' };
  const options = await fetchRegistrationOptions(signal);
  let credential;
  try {
    credential = await browser.startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw browserRefusal(error);
  }
  return savePasskey(name, credential, signal);
}

export const livePasskeysMachine = passkeysMachine.provide({
  actors: {
    loadPasskeys: fromPromise(({ signal }) => fetchPasskeys(signal)),
    registerPasskey: fromPromise(({ input, signal }) => registerPasskey(input, signal)),
    renamePasskey: fromPromise(({ input, signal }) => renamePasskey(input.id, input.name, signal)),
    removePasskey: fromPromise(({ input, signal }) => removePasskey(input, signal)),
  },
});
