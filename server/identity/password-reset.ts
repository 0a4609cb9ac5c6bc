import type { Device } from './devices.ts';
import { recordEvent } from './security-events.ts';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../contract/countries.ts';
import type { User } from '../db/schema.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.ts';
import { findUserByEmail } from './accounts.ts';
import { isGuessablePassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { endFlows } from './signup-flows.ts';
import { hashToken } from './tokens.ts';
import { hit, sendHits } from './throttle.ts';
import { identityRefused } from './refusals.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;

export const PASSWORD_RESET_QUEUE = 'password-reset';
/** The address, and the language of the page that asked (null: the account's). */
export type ResetJob = { email: string; locale?: Locale | null };

/**
 * POST /api/auth/password/reset/: a single-use link mailed to a known address; it ends
 * every older link of the account. Known and unknown addresses are counted and answered
 * alike, so the answer tells nothing; and they do the same work before it, one job
 * sent, so its time tells nothing either: the job makes and mails the link
 * (docs/decisions/0212). The mail and its link are in the language of the page that
 * asked, else the account's.
 */
export async function requestReset(
  deps: AppDeps,
  form: { email: string },
  ip: string,
  pageLocale: Locale | null,
) {
  // Its case is of no account: the lookup and the throttle's keys lowercase it.
  const { email } = form;
  const user = await findUserByEmail(deps.db, email);
  // The same limits for known and unknown addresses, so they tell nothing either.
  await hit(deps, sendHits(email, ip, user));
  await deps.jobs.send(deps.db, PASSWORD_RESET_QUEUE, {
    email,
    locale: pageLocale,
  } satisfies ResetJob);
}

/** The reset job: for a known address a link, stored hashed, and its mail, in one transaction. */
export async function mailResetLink(
  deps: Pick<AppDeps, 'config' | 'db' | 'jobs' | 'clock'>,
  job: ResetJob,
): Promise<void> {
  const user = await findUserByEmail(deps.db, job.email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  // A job queued before the page's locale was carried has none: the account's then.
  const locale = job.locale ?? userLocale(user);
  const link = `${deps.config.publicUrl}/${locale}/password/set/${token}`;
  await deps.db.transaction(async (tx) => {
    // Only the newest link works: a mail read later, or left in an old inbox, opens nothing.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await sendToUser(
      deps,
      { ...user, locale },
      (inLocale) => passwordResetMail(inLocale, link),
      undefined,
      tx,
    );
  });
}

/**
 * POST /api/auth/password/set/: the mailed link's new password. One transaction: the
 * password, every session, every other link and every pending sign-up of the address,
 * and the notice mail.
 */
export async function setPassword(
  deps: AppDeps,
  form: { token: string; password: string },
  pageLocale: Locale | null,
  device: Device,
): Promise<User> {
  const tokenHash = hashToken(form.token);
  const [known] = await deps.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  if (!known) throw identityRefused('wrong_token');
  if (known.expiresAt <= deps.clock.now()) throw identityRefused('token_expired');
  // Refused before the link is used up, so the user can choose again with the same link.
  const [owner] = await deps.db.select().from(users).where(eq(users.id, known.userId));
  if (owner && isGuessablePassword(form.password, owner)) {
    throw identityRefused('common_password');
  }
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
    await recordEvent(tx, now, row.id, 'password_reset', device);
    const locale = pageLocale ?? userLocale(row);
    await sendToUser(deps, { ...row, locale }, passwordChangedMail, 'account_notices', tx);
    return row;
  });
  if (!user) throw identityRefused('wrong_token');
  return user;
}
