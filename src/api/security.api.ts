import * as v from 'valibot';
import { SecurityEventList, SessionList } from '../../contract/identity.ts';
import { readPaths } from '../../contract/page-reads.ts';
import { call } from './client.ts';

/** The account's signed-in browsers, this one first. */
export function fetchSessions(signal?: AbortSignal) {
  return call(readPaths.sessions, SessionList, { signal, useCase: 'get_sessions' });
}

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

/** The password again: this session counts as freshly signed in (decision 0215). */
export async function reauthenticate(password: string, signal?: AbortSignal): Promise<void> {
  await call('v1/session/reauth/', v.unknown(), {
    method: 'POST',
    body: { password },
    signal,
    useCase: 'reauth',
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
