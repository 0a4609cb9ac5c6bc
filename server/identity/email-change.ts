import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Locale } from '../../contract/countries.ts';
import type { AccountEmail, PendingEmailChange } from '../../contract/identity.ts';
import type { Database } from '../db/client.ts';
import {
  emailChanges,
  emailChangeUndos,
  passwordResets,
  sessions,
  users,
  type User,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { identityRefused } from './refusals.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { confirmationCodeMail, emailChangedMail } from '../mail/templates.ts';
import { findUserByEmail } from './accounts.ts';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, newCode, resendWait, sameHash } from './codes.ts';
import type { Device } from './devices.ts';
import { recordEvent } from './security-events.ts';
import { hit, LIMITS, sendHits } from './throttle.ts';
import { hashToken } from './tokens.ts';

/** How long the link mailed to the old address can put it back. */
export const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The code binds the account and the address it was mailed to. */
function changeCodeHash(secret: string, userId: number, email: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`email-change:${userId}:${email}:${code}`)
    .digest('base64url');
}

function pendingOf(
  deps: AppDeps,
  row: { newEmail: string; sentAt: Date; expiresAt: Date },
): PendingEmailChange {
  return {
    email: row.newEmail,
    resend_available_at: new Date(
      row.sentAt.getTime() + deps.config.codeResendSeconds * 1000,
    ).toISOString(),
    code_expires_at: row.expiresAt.toISOString(),
  };
}

/** A new code for `email`, replacing any pending change of the user, and its mail. */
async function mailCode(
  deps: AppDeps,
  user: User,
  email: string,
  locale: Locale,
): Promise<PendingEmailChange> {
  const code = newCode();
  const now = deps.clock.now();
  const row = {
    userId: user.id,
    newEmail: email,
    codeHash: changeCodeHash(deps.config.sessionSecret, user.id, email, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(emailChanges)
      .values(row)
      .onConflictDoUpdate({ target: emailChanges.userId, set: row });
    // To the new address: whoever reads it proves it.
    await sendToUser(
      deps,
      { id: user.id, email, locale },
      (inLocale) => confirmationCodeMail(inLocale, code),
      undefined,
      tx,
    );
  });
  return pendingOf(deps, row);
}

/**
 * Starts a change of the account's address (decision 0217): a code goes to the new
 * address; a new request replaces the pending one. The answer tells whether an address
 * has a confirmed profile, as sign-up's does, so it is throttled as sign-up's is.
 */
export async function startEmailChange(
  deps: AppDeps,
  user: User,
  form: { email: string },
  ip: string,
  pageLocale: Locale | null,
): Promise<PendingEmailChange> {
  const email = form.email.toLowerCase();
  if (email === user.email) throw identityRefused('email_unchanged');
  await hit(deps, [{ limit: LIMITS.loginIp, subject: ip }]);
  const holder = await findUserByEmail(deps.db, email);
  if (holder?.emailConfirmedAt) throw identityRefused('address_taken', { at: 'email' });
  await hit(deps, sendHits(email, ip, user));
  return await mailCode(deps, user, email, pageLocale ?? userLocale(user));
}

/** The user's pending change, if any. */
async function pendingRow(db: Database, userId: number) {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
  return row;
}

/** A new code to the pending address, after the countdown. */
export async function resendEmailChangeCode(
  deps: AppDeps,
  user: User,
  ip: string,
  pageLocale: Locale | null,
): Promise<PendingEmailChange> {
  const row = await pendingRow(deps.db, user.id);
  if (!row) throw identityRefused('token_not_found');
  const wait = resendWait(deps, row.sentAt);
  if (wait > 0) throw identityRefused('resend_too_early', { retryAfter: wait });
  await hit(deps, sendHits(row.newEmail, ip, user));
  return await mailCode(deps, user, row.newEmail, pageLocale ?? userLocale(user));
}

/** PostgreSQL's unique_violation, as the driver gives it or wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  let cause: unknown = error;
  while (typeof cause === 'object' && cause !== null) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The mailed code: tries counted first (atomically: parallel guesses share the five),
 * then compared. Right, in one transaction: the code is spent, the address changes (an
 * unconfirmed sign-up holding it goes: it never proved the mailbox, this user just
 * did), the event is logged and the old address gets a notice with a link to undo the
 * change for 7 days. Two parallel confirmations of one address cannot both win: the
 * spent code and the unique address each let only one through.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  user: User,
  code: string,
  device: Device,
  pageLocale: Locale | null,
): Promise<AccountEmail> {
  const [row] = await deps.db
    .update(emailChanges)
    .set({ attempts: sql`${emailChanges.attempts} + 1` })
    .where(eq(emailChanges.userId, user.id))
    .returning();
  if (!row || row.attempts > MAX_CODE_ATTEMPTS) {
    throw identityRefused('max_confirmation_attempts_exceeded');
  }
  if (row.expiresAt <= deps.clock.now()) throw identityRefused('confirmation_expired');
  const given = changeCodeHash(deps.config.sessionSecret, user.id, row.newEmail, code);
  if (!sameHash(row.codeHash, given)) {
    // The fifth wrong try already says so: the code is dead, a new one is needed.
    if (row.attempts >= MAX_CODE_ATTEMPTS) {
      throw identityRefused('max_confirmation_attempts_exceeded');
    }
    throw identityRefused('wrong_confirmation_code');
  }
  const token = randomBytes(32).toString('base64url');
  const locale = pageLocale ?? userLocale(user);
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const spent = await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, user.id), eq(emailChanges.codeHash, row.codeHash)))
        .returning({ userId: emailChanges.userId });
      // A parallel confirmation (or a new request) got there first.
      if (spent.length === 0) throw identityRefused('confirmation_expired');
      await dropUnconfirmedHolder(tx, row.newEmail, user.id);
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      if (!before) throw identityRefused('wrong_token');
      const [changed] = await tx
        .update(users)
        .set({ email: row.newEmail, emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      if (!changed) throw identityRefused('wrong_token');
      await tx.insert(emailChangeUndos).values({
        tokenHash: hashToken(token),
        userId: user.id,
        oldEmail: before.email,
        newEmail: row.newEmail,
        createdAt: now,
        expiresAt: new Date(now.getTime() + UNDO_TTL_MS),
      });
      await recordEvent(tx, now, user.id, 'email_changed', device);
      const link = `${deps.config.publicUrl}/${locale}/email/undo/${token}`;
      // Not on a mailing list: nobody holding the session can turn this notice off.
      await sendToUser(
        deps,
        { id: user.id, email: before.email, locale },
        (inLocale) => emailChangedMail(inLocale, row.newEmail, link),
        undefined,
        tx,
      );
      return { email: changed.email };
    });
  } catch (error) {
    // A confirmed profile took the address meanwhile.
    if (isUniqueViolation(error)) throw identityRefused('address_taken', { at: 'code' });
    throw error;
  }
}

/** A sign-up that never proved `email` gives it up to the account that just did. */
async function dropUnconfirmedHolder(tx: Database, email: string, userId: number) {
  await tx
    .delete(users)
    .where(and(eq(users.email, email), isNull(users.emailConfirmedAt), ne(users.id, userId)));
}

/**
 * The link mailed to the old address (no session needed: whoever changed the address
 * may hold them all). Good once and for 7 days. One transaction: the link is used up
 * (the update is the check, so of two parallel uses one wins), the old address is back,
 * every session of the account ends, the pending change, the reset links (mailed to
 * the other address) and the undo links of later changes go, and the event is logged.
 */
export async function undoEmailChange(
  deps: AppDeps,
  token: string,
  device: Device,
): Promise<AccountEmail & { userId: number }> {
  const tokenHash = hashToken(token);
  const [known] = await deps.db
    .select()
    .from(emailChangeUndos)
    .where(eq(emailChangeUndos.tokenHash, tokenHash));
  if (!known) throw identityRefused('wrong_token');
  if (known.usedAt) throw identityRefused('token_used');
  if (known.supersededAt) throw identityRefused('token_superseded');
  if (known.expiresAt <= deps.clock.now()) throw identityRefused('token_expired');
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [claimed] = await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeUndos.tokenHash, tokenHash),
            isNull(emailChangeUndos.usedAt),
            isNull(emailChangeUndos.supersededAt),
            gt(emailChangeUndos.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed) throw identityRefused('token_used');
      await dropUnconfirmedHolder(tx, claimed.oldEmail, claimed.userId);
      const [restored] = await tx
        .update(users)
        .set({ email: claimed.oldEmail, updatedAt: now })
        .where(eq(users.id, claimed.userId))
        .returning();
      if (!restored) throw identityRefused('wrong_token');
      await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
      await tx.delete(emailChanges).where(eq(emailChanges.userId, claimed.userId));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, claimed.userId));
      // Later changes were rolled back with this one: their links would undo nothing of
      // the owner's, only put back an address the owner just left.
      await tx
        .update(emailChangeUndos)
        .set({ supersededAt: now })
        .where(
          and(
            eq(emailChangeUndos.userId, claimed.userId),
            gte(emailChangeUndos.createdAt, claimed.createdAt),
            ne(emailChangeUndos.tokenHash, tokenHash),
            isNull(emailChangeUndos.usedAt),
          ),
        );
      await recordEvent(tx, now, claimed.userId, 'email_change_undone', device);
      return { email: restored.email, userId: restored.id };
    });
  } catch (error) {
    // A confirmed profile holds the old address now: it proved that mailbox itself.
    if (isUniqueViolation(error)) throw identityRefused('user_already_exists');
    throw error;
  }
}
