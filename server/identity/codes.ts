import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PendingSignup } from '../../contract/identity.ts';
import type { Database } from '../db/client.ts';
import { emailCodes, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { sendToUser } from '../mail/send.ts';
import { confirmationCodeMail } from '../mail/templates.ts';
import { identityRefused } from './refusals.ts';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

function codeHash(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`code:${userId}:${code}`).digest('base64url');
}

/** Six random digits: a mailed code (sign-up, e-mail change). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Two code hashes compared in constant time. */
export function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new 6-digit code replaces the old one (its tries start again) and is mailed. */
export async function issueCode(deps: AppDeps, user: User): Promise<void> {
  const code = newCode();
  const now = deps.clock.now();
  const row = {
    userId: user.id,
    codeHash: codeHash(deps.config.sessionSecret, user.id, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(emailCodes)
      .values(row)
      .onConflictDoUpdate({ target: emailCodes.userId, set: row });
    await sendToUser(deps, user, (locale) => confirmationCodeMail(locale, code), undefined, tx);
  });
}

/** When the current code was sent, if there is one. */
export async function currentCode(deps: AppDeps, userId: number) {
  const [row] = await deps.db.select().from(emailCodes).where(eq(emailCodes.userId, userId));
  return row;
}

/** Seconds until a new code may be sent; 0 when it may be sent now. */
export function resendWait(deps: AppDeps, sentAt: Date | undefined): number {
  if (!sentAt) return 0;
  const ready = sentAt.getTime() + deps.config.codeResendSeconds * 1000;
  return Math.max(0, Math.ceil((ready - deps.clock.now().getTime()) / 1000));
}

/**
 * Counts the try first (atomically, so parallel guesses share the five), then
 * compares. Throws the field error at `code`; returns when the code is right. The
 * code stays until `spendCode` removes it in the transaction of what it confirms, so a
 * crash in between leaves it usable.
 */
export async function checkCode(deps: AppDeps, userId: number, code: string): Promise<CheckedCode> {
  const [row] = await deps.db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.userId, userId))
    .returning();
  if (!row || row.attempts > MAX_CODE_ATTEMPTS) {
    throw identityRefused('max_confirmation_attempts_exceeded');
  }
  if (row.expiresAt <= deps.clock.now()) throw identityRefused('confirmation_expired');
  if (sameHash(row.codeHash, codeHash(deps.config.sessionSecret, userId, code))) {
    return { userId, codeHash: row.codeHash };
  }
  // The fifth wrong try already says so: the code is dead, a new one is needed.
  if (row.attempts >= MAX_CODE_ATTEMPTS) {
    throw identityRefused('max_confirmation_attempts_exceeded');
  }
  throw identityRefused('wrong_confirmation_code');
}

/** A code found right, not yet spent. */
export type CheckedCode = { userId: number; codeHash: string };

/** Removes a checked code, in the transaction of what it confirms: it is good once. */
export async function spendCode(tx: Database, checked: CheckedCode): Promise<void> {
  await tx
    .delete(emailCodes)
    .where(and(eq(emailCodes.userId, checked.userId), eq(emailCodes.codeHash, checked.codeHash)));
}

/** The verification step's state; `confirmed` says whether this flow checked its code. */
export async function pendingSignup(
  deps: AppDeps,
  user: User,
  confirmed: boolean,
): Promise<PendingSignup> {
  const row = await currentCode(deps, user.id);
  const now = deps.clock.now().getTime();
  const sent = row?.sentAt.getTime() ?? now - deps.config.codeResendSeconds * 1000;
  return {
    email: user.email,
    resend_available_at: new Date(sent + deps.config.codeResendSeconds * 1000).toISOString(),
    code_expires_at: (row?.expiresAt ?? new Date(now)).toISOString(),
    email_confirmed: confirmed,
  };
}
