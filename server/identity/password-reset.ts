import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { User } from '../db/schema.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import { fieldError, simpleError } from '../http/errors.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.ts';
import { findUserByEmail } from './accounts.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword } from './passwords.ts';
import { endFlows } from './signup-cookie.ts';
import { hashToken } from './tokens.ts';
import { hit, sendHits } from './throttle.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * POST /api/auth/password/reset/: a single-use link mailed to a known address; it ends
 * every older link of the account. Known and unknown addresses are counted and answered
 * alike, so the answer tells nothing.
 */
export async function requestReset(deps: AppDeps, form: { email: string }, ip: string) {
  const email = form.email.toLowerCase();
  const user = await findUserByEmail(deps.db, email);
  // The same limits for known and unknown addresses, so they tell nothing either.
  await hit(deps, sendHits(email, ip, user));
  if (user) {
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock.now();
    const link = `${deps.config.publicUrl}/${userLocale(user)}/password/set/${token}`;
    await deps.db.transaction(async (tx) => {
      // Only the newest link works: a mail read later, or left in an old inbox, opens nothing.
      await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
      await tx.insert(passwordResets).values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      });
      await sendToUser(deps, user, (locale) => passwordResetMail(locale, link), undefined, tx);
    });
  }
}

/**
 * POST /api/auth/password/set/: the mailed link's new password. One transaction: the
 * password, every session, every other link and every pending sign-up of the address,
 * and the notice mail.
 */
export async function setPassword(
  deps: AppDeps,
  form: { token: string; password: string },
): Promise<User> {
  const tokenHash = hashToken(form.token);
  const [known] = await deps.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  if (!known) throw simpleError(400, 'wrong_token');
  if (known.expiresAt <= deps.clock.now()) throw simpleError(400, 'token_expired');
  // Refused before the link is used up, so the user can choose again with the same link.
  if (isCommonPassword(form.password)) throw fieldError('password', 'common_password');
  const passwordHash = await hashPassword(form.password, deps.passwordCost);
  const user = await deps.db.transaction(async (tx) => {
    // Deleting is the check: of two parallel posts of one link only one gets the row.
    const [reset] = await tx
      .delete(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash))
      .returning();
    if (!reset) return undefined;
    const now = deps.clock.now();
    // Following the mailed link proves the address as well.
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`,
        updatedAt: now,
      })
      .where(eq(users.id, reset.userId))
      .returning();
    if (!row) return undefined;
    // Every session, every older link and every sign-up still pending for the address end.
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, row.id));
    await endFlows(tx, row.id);
    await sendToUser(deps, row, passwordChangedMail, 'account_notices', tx);
    return row;
  });
  if (!user) throw simpleError(400, 'wrong_token');
  return user;
}
