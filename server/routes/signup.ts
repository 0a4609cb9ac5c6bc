import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AuthResult } from '../../contract/auth.ts';
import { ConfirmForm, DetailsForm, SignupForm } from '../../contract/identity.ts';
import {
  findUserByEmail,
  nextAfterSignIn,
  requestLocale,
  uniqueUsername,
} from '../auth/accounts.ts';
import { checkCode, currentCode, issueCode, pendingSignup, resendWait } from '../auth/codes.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.ts';
import {
  clearSignupCookie,
  readSignupCookie,
  setSignupCookie,
  type Pending,
} from '../auth/signup-cookie.ts';
import { hit, sendHits } from '../auth/throttle.ts';
import { countries, users, type User } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { fieldError, simpleError, tooMany } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';

/** Mounted at /api/auth/signup/ */
export function signupRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  /** The cookie's user; a cookie naming a user that is gone is no longer valid. */
  async function pending(c: Context<AppEnv>): Promise<{ cookie: Pending; user: User }> {
    const cookie = readSignupCookie(c, deps);
    const [user] = await deps.db.select().from(users).where(eq(users.id, cookie.userId));
    if (!user) throw simpleError(400, 'wrong_token');
    return { cookie, user };
  }

  async function signIn(c: Context<AppEnv>, user: User, cookie: Pending) {
    await startSession(c, deps, user.id);
    clearSignupCookie(c, deps);
    return c.json({ next: nextAfterSignIn(cookie.next, cookie.locale) } satisfies AuthResult);
  }

  router.post('/', async (c) => {
    const body = await readBody(c);
    const form = parseInput(SignupForm, body);
    const locale = requestLocale(c, body);
    const email = form.email.toLowerCase();
    const existing = await findUserByEmail(deps.db, email);
    if (existing?.emailConfirmedAt) throw fieldError('email', 'user_already_exists');
    await hit(deps, sendHits(email, clientIp(c, deps.config)));
    const passwordHash = await hashPassword(form.password, deps.scrypt);
    let user: User | undefined;
    if (existing) {
      // Whoever proves the mailbox owns the address: the newest password wins.
      [user] = await deps.db
        .update(users)
        .set({ passwordHash, locale, updatedAt: deps.clock.now() })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      const username = await uniqueUsername(deps.db, email);
      [user] = await deps.db
        .insert(users)
        .values({ username, email, passwordHash, locale })
        .onConflictDoNothing()
        .returning();
    }
    // Lost a race with a parallel sign-up of the same address or username.
    if (!user) throw fieldError('email', 'user_already_exists');
    await issueCode(deps, user);
    setSignupCookie(c, deps, { userId: user.id, next: form.next ?? null, locale });
    return c.json({ next: `/${locale}/signup/1` } satisfies AuthResult);
  });

  router.get('/', async (c) => {
    const { user } = await pending(c);
    return c.json(await pendingSignup(deps, user));
  });

  router.post('/confirm/', async (c) => {
    const { cookie, user } = await pending(c);
    const form = parseInput(ConfirmForm, await readBody(c));
    if (user.emailConfirmedAt === null) {
      await checkCode(deps, user.id, form.code);
      await deps.db
        .update(users)
        .set({ emailConfirmedAt: deps.clock.now() })
        .where(eq(users.id, user.id));
    }
    // /login/2: the profile is complete, so confirming is the last step.
    if (user.firstName !== '' && user.lastName !== '') return signIn(c, user, cookie);
    return c.json({ next: `/${cookie.locale}/signup/2` } satisfies AuthResult);
  });

  router.post('/resend/', async (c) => {
    const { user } = await pending(c);
    if (user.emailConfirmedAt !== null) return c.json(await pendingSignup(deps, user));
    const wait = resendWait(deps, (await currentCode(deps, user.id))?.sentAt);
    if (wait > 0) throw tooMany('resend_too_early', wait);
    await hit(deps, sendHits(user.email, clientIp(c, deps.config)));
    await issueCode(deps, user);
    return c.json(await pendingSignup(deps, user));
  });

  router.post('/details/', async (c) => {
    const { cookie, user } = await pending(c);
    if (user.emailConfirmedAt === null) throw simpleError(400, 'email_not_confirmed');
    const form = parseInput(DetailsForm, await readBody(c));
    const [country] = await deps.db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, form.country));
    if (!country) throw fieldError('country', 'country_not_found');
    const [saved] = await deps.db
      .update(users)
      .set({
        firstName: form.first_name,
        lastName: form.last_name,
        country: form.country,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    return signIn(c, saved ?? user, cookie);
  });

  return router;
}
