import * as v from 'valibot';
import { AuthResult } from '../../contract/auth.ts';
import { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../contract/identity.ts';
import { call, formBody } from './client.ts';

/** Whether the authenticator app is on, and the recovery codes left (decision 0218). */
export function fetchTwoFactor(signal?: AbortSignal) {
  return call('v1/security/two-factor/', TwoFactorStatus, { signal, useCase: 'get_two_factor' });
}

/** A new secret to scan, pending until its first code. */
export function startTwoFactorSetup(signal?: AbortSignal) {
  return call('v1/security/two-factor/setup/', TwoFactorSetup, {
    method: 'POST',
    signal,
    useCase: 'start_two_factor',
  });
}

/** The app's first code: the app is on; the recovery codes come this once. */
export function confirmTwoFactor(code: string, signal?: AbortSignal) {
  return call('v1/security/two-factor/confirm/', RecoveryCodes, {
    method: 'POST',
    body: { code },
    signal,
    useCase: 'confirm_two_factor',
  });
}

/** New recovery codes in place of the old ones. */
export function regenerateRecoveryCodes(signal?: AbortSignal) {
  return call('v1/security/two-factor/recovery-codes/', RecoveryCodes, {
    method: 'POST',
    signal,
    useCase: 'regenerate_recovery_codes',
  });
}

/** Turns the app off. */
export async function disableTwoFactor(signal?: AbortSignal): Promise<void> {
  await call('v1/security/two-factor/', v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'disable_two_factor',
  });
}

/** The sign-in's second step: the app's code or a recovery code; signs in. */
export function submitSecondFactor(code: string, signal?: AbortSignal) {
  return call('auth/login/2fa/', AuthResult, {
    method: 'POST',
    body: formBody({ code }),
    signal,
    useCase: 'second_factor',
  });
}
