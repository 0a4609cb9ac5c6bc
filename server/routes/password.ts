import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { AuthResult } from '../../contract/auth.ts';
import { ResetRequestForm, SetPasswordForm } from '../../contract/identity.ts';
import { findUserByEmail, requestLocale } from '../auth/accounts.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endSession } from '../auth/sessions.ts';
import { endFlows } from '../auth/signup-cookie.ts';
import { hit, sendHits } from '../auth/throttle.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { fieldError, simpleError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mounted at /api/auth/password/ */
export function passwordRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/reset/', async (c) => {
    const form = parseInput(ResetRequestForm, await readBody(c, 'form'));
    const email = form.email.toLowerCase();
    // The same limit for known and unknown addresses, so it tells nothing either.
    await hit(deps, sendHits(email, clientIp(c, deps.config)));
    const user = await findUserByEmail(deps.db, email);
    if (user) {
      const token = randomBytes(32).toString('base64url');
      const now = deps.clock.now();
      const link = `${deps.config.publicUrl}/${userLocale(user)}/password/set/${token}`;
      await deps.db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TTL_MS),
        });
        await sendToUser(deps, user, (locale) => passwordResetMail(locale, link), undefined, tx);
      });
    }
    return c.json({ sent: true as const });
  });

  router.post('/set/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(SetPasswordForm, body);
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
    await endSession(c, deps);
    return c.json({ next: `/${requestLocale(c, body)}/login/1` } satisfies AuthResult);
  });

  return router;
}
