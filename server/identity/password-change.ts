import { and, eq, ne } from 'drizzle-orm';
import type { Locale } from '../../contract/countries.ts';
import { passwordResets, sessions, users, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { identityRefused } from './refusals.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { passwordChangedHereMail } from '../mail/templates.ts';
import type { Device } from './devices.ts';
import { isGuessablePassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { provePassword } from './reauth.ts';
import { recordEvent } from './security-events.ts';
import { hashToken } from './tokens.ts';

/**
 * The security page's password change (decision 0216): the current password, then the
 * new one under the sign-up's rules. A wrong current password answers at its field as a
 * wrong password does at sign-in, after the same argon2 work, and is logged; the caller
 * counts the try in the sign-in throttle before. One transaction: the new hash, every
 * other session of the account and every reset link ended, the event, the notice mail.
 * This browser stays signed in.
 */
export async function changePassword(
  deps: AppDeps,
  user: User,
  token: string,
  form: { current_password: string; password: string },
  device: Device,
  pageLocale: Locale | null,
): Promise<void> {
  await provePassword(deps, user, form.current_password, device, 'current_password');
  if (isGuessablePassword(form.password, user)) throw identityRefused('common_password');
  const passwordHash = await hashPassword(form.password, deps.passwordCost);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw identityRefused('not_authenticated');
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, hashToken(token))));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await recordEvent(tx, now, user.id, 'password_changed', device, 'password');
    const locale = pageLocale ?? userLocale(row);
    await sendToUser(deps, { ...row, locale }, passwordChangedHereMail, 'account_notices', tx);
  });
}
