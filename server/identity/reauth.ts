import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type * as v from 'valibot';
import type { AuthenticationCredential } from '../../contract/passkeys.ts';
import { Refused } from '../errors.ts';
import { identityRefused } from './refusals.ts';
import type { Device } from './devices.ts';
import { verifyPasskeyReauth } from './passkeys.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { recordEvent } from './security-events.ts';
import { hashToken } from './tokens.ts';

/**
 * How recent a proof of who the user is must be for a sensitive action: removing the
 * profile, unlinking a social account, ending other sessions (decision 0215).
 */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

/**
 * Refuses with 403 `reauth_required` unless the caller's session proved who the user
 * is (signed in or re-authenticated) within the window, by the app's clock. Read from
 * the database, not the session cache: a re-authentication counts at once.
 */
export async function requireRecentProof(
  db: Database,
  now: Date,
  userId: number,
  token: string,
): Promise<void> {
  const [recent] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.userId, userId),
        gt(sessions.authenticatedAt, new Date(now.getTime() - REAUTH_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (!recent) throw identityRefused('reauth_required');
}

/**
 * The user proves again who they are with their password: the caller's session counts
 * as freshly signed in. A wrong password (or an account without one) answers as a
 * wrong password at sign-in does, after the same argon2 work, and is logged; the right
 * one updates the session and logs it in one transaction. The caller counts the try in
 * the sign-in throttle before, and forgives it after a success.
 */
export async function reauthenticate(
  deps: AppDeps,
  user: User,
  token: string,
  password: string,
  device: Device,
): Promise<void> {
  await provePassword(deps, user, password, device, 'password');
  await markProven(deps, user, token, device, 'password');
}

/**
 * The signed-in user's password given again as a proof of who they are (the re-auth, the
 * password change's current one). A wrong one, or an account without one, costs the same
 * argon2 work, is logged as `reauth_failed` and answers at the form's field `at` as a
 * wrong password at sign-in does.
 */
export async function provePassword(
  deps: AppDeps,
  user: User,
  password: string,
  device: Device,
  at: 'password' | 'current_password',
): Promise<void> {
  const stored = user.passwordHash ?? (await dummyHash(deps.passwordCost));
  const right = await verifyPassword(password, stored);
  if (user.passwordHash === null || !right) {
    await recordEvent(deps.db, deps.clock.now(), user.id, 'reauth_failed', device, 'password');
    throw identityRefused('wrong_credentials', { at });
  }
}

/**
 * The user proves again who they are with one of their passkeys (decision 0219): the
 * assertion answers this session's challenge, and the passkey is the account's own.
 * A failure is `passkey_failed` and is logged; a success counts as the password does.
 * The caller counts the try in the sign-in throttle before, and forgives it after.
 */
export async function reauthenticateWithPasskey(
  deps: AppDeps,
  user: User,
  token: string,
  credential: v.InferOutput<typeof AuthenticationCredential>,
  device: Device,
): Promise<void> {
  try {
    await verifyPasskeyReauth(deps, user, token, credential);
  } catch (error) {
    if (error instanceof Refused) {
      await recordEvent(deps.db, deps.clock.now(), user.id, 'reauth_failed', device, 'passkey');
    }
    throw error;
  }
  await markProven(deps, user, token, device, 'passkey');
}

/** The caller's session counts as freshly signed in, and the log tells how; one transaction. */
async function markProven(
  deps: AppDeps,
  user: User,
  token: string,
  device: Device,
  method: 'password' | 'passkey',
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Only the caller's own session, and only while it is the user's: no other
    // session is ever made fresh by this.
    const proven = await tx
      .update(sessions)
      .set({ authenticatedAt: now })
      .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id });
    if (proven.length === 0) throw identityRefused('not_authenticated');
    await recordEvent(tx, now, user.id, 'reauthenticated', device, method);
  });
}

/**
 * The development switch (POST /api/dev/session/age/, outside production only): the
 * caller's session last proved who the user is 11 minutes ago, so the re-auth dialog
 * can be tried without waiting.
 */
export async function ageProof(deps: AppDeps, userId: number, token: string): Promise<void> {
  const then = new Date(deps.clock.now().getTime() - REAUTH_WINDOW_MS - 60_000);
  await deps.db
    .update(sessions)
    .set({ authenticatedAt: then })
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, userId)));
}
