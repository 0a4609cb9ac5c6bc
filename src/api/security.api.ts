import * as v from 'valibot';
import {
  AccountEmail,
  PendingEmailChange,
  SecurityEventList,
  SessionList,
} from '../../contract/identity.ts';
import { readPaths } from '../../contract/page-reads.ts';
import { PasskeyOptions } from '../../contract/passkeys.ts';
import { call, givenRead } from './client.ts';
import { postForNewCode } from './identity.api.ts';

/** The account's signed-in browsers, this one first. */
export function fetchSessions(signal?: AbortSignal) {
  return call(readPaths.sessions, SessionList, { signal, useCase: 'get_sessions' });
}

/** The sessions the page brought, if it did (`givenRead`). */
export const givenSessions = () => givenRead(readPaths.sessions, SessionList);

/** Signs another browser of the account out. */
export async function endSession(id: string, signal?: AbortSignal): Promise<void> {
  await call(`v1/sessions/${encodeURIComponent(id)}/`, v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'end_session',
  });
}

/** Signs every browser of the account out but this one. */
export async function endOtherSessions(signal?: AbortSignal): Promise<void> {
  await call('v1/sessions/', v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'end_other_sessions',
  });
}

/** The account's security log, newest first. */
export function fetchSecurityEvents(signal?: AbortSignal) {
  return call(readPaths.securityEvents, SecurityEventList, {
    signal,
    useCase: 'get_security_events',
  });
}

/** The security log the page brought, if it did (`givenRead`). */
export const givenSecurityEvents = () => givenRead(readPaths.securityEvents, SecurityEventList);

/** The password again: this session counts as freshly signed in (decision 0215). */
export async function reauthenticate(password: string, signal?: AbortSignal): Promise<void> {
  await call('v1/session/reauth/', v.unknown(), {
    method: 'POST',
    body: { password },
    signal,
    useCase: 'reauth',
  });
}

/** Options for the browser's prompt, allowing the account's passkeys (decision 0219). */
export function fetchReauthPasskeyOptions(signal?: AbortSignal) {
  return call('v1/session/reauth/passkey/options/', PasskeyOptions, {
    method: 'POST',
    signal,
    useCase: 'reauth_passkey_options',
  });
}

/** One of the account's passkeys proves who the user is, as the password does. */
export async function reauthenticateWithPasskey(
  credential: unknown,
  signal?: AbortSignal,
): Promise<void> {
  await call('v1/session/reauth/passkey/', v.unknown(), {
    method: 'POST',
    body: { credential },
    signal,
    useCase: 'reauth_passkey',
  });
}

/** A new password with the current one; every other browser is signed out (decision 0216). */
export async function changePassword(
  values: { current_password: string; password: string },
  signal?: AbortSignal,
): Promise<void> {
  await call('v1/security/password/', v.unknown(), {
    method: 'POST',
    body: { ...values },
    signal,
    useCase: 'change_password',
  });
}

/** A code to a new address (decision 0217); needs a recent sign-in, as the dialog asks. */
export function startEmailChange(email: string, signal?: AbortSignal) {
  return call('v1/security/email/', PendingEmailChange, {
    method: 'POST',
    body: { email },
    signal,
    useCase: 'change_email',
  });
}

/** A new code to the pending address, after the countdown. */
export function resendEmailChangeCode(signal?: AbortSignal) {
  return postForNewCode(
    'v1/security/email/resend/',
    PendingEmailChange,
    'change_email_resend',
    signal,
  );
}

/** The mailed code: the account's address becomes the new one. */
export function confirmEmailChange(code: string, signal?: AbortSignal) {
  return call('v1/security/email/confirm/', AccountEmail, {
    method: 'POST',
    body: { code },
    signal,
    useCase: 'change_email_confirm',
  });
}

/** The link mailed to the old address: it becomes the account's again. */
export function undoEmailChange(token: string, signal?: AbortSignal) {
  return call('auth/email/undo/', AccountEmail, {
    method: 'POST',
    body: { token },
    signal,
    useCase: 'undo_email_change',
  });
}
