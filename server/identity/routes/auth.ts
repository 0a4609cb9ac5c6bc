import { recordFailedSignIn } from '../security-events.ts';
import { availableParallelism } from 'node:os';
import { Hono, type Context } from 'hono';
import { LoginForm, type AuthResult } from '../../../contract/auth.ts';
import { findUserByLogin, upgradePasswordHash, nextAfterSignIn } from '../accounts.ts';
import { pageLocaleOf, requestLocale } from '../../http/locale.ts';
import { currentCode, issueCode, resendWait } from '../codes.ts';
import { deviceNonce, deviceOf, setDeviceCookie } from './device.ts';
import { dummyHash, verifyPassword } from '../passwords.ts';
import { endSession, startSession } from './session.ts';
import { setSignupCookie } from './signup-cookie.ts';
import { clearSecondFactorCookie, setSecondFactorCookie } from './two-factor.ts';
import { hasTwoFactor } from '../two-factor.ts';
import { deviceHits, forgive, hit, loginHits, sendHits, type Hit } from '../throttle.ts';
import type { User } from '../../db/schema.ts';
import { readBody } from '../../http/body.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { createLine } from '../../line.ts';
import { parseInput } from '../../http/validate.ts';
import { userLocale } from '../../mail/send.ts';
import { identityRefused } from '../refusals.ts';

/** Mounted at /api/auth/ */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // A sign-in flood waits here, a few sign-ins at a time, and past a short line is
  // answered 503 at once: every other request keeps its turn (docs/decisions/0021).
  const signInLine = createLine(2 * availableParallelism(), 8 * availableParallelism());

  router.post('/login/', (c) => signInLine(() => signIn(c)));

  async function signIn(c: Context<AppEnv>): Promise<Response> {
    const body = await readBody(c, 'form');
    const form = parseInput(LoginForm, body);
    const locale = requestLocale(c, body);
    const user = await findUserByLogin(deps.db, form.login);
    // Counted before any password work, so parallel guesses share the one limit.
    const hits = signInHits(c, deps, user, form.login);
    await hit(deps, hits);
    // No account, or one without a password: the same argon2 work as a wrong password
    // before the answer, so its time tells nothing (docs/decisions/0212).
    const stored = user?.passwordHash ?? (await dummyHash(deps.passwordCost));
    const right = await verifyPassword(form.password, stored);
    // Either failure writes the same one row, so neither answer is the quicker one.
    if (!user || user.passwordHash === null || !right) {
      await recordFailedSignIn(deps, user?.id ?? null, deviceOf(c, deps));
      throw user
        ? identityRefused('wrong_credentials', { at: 'password' })
        : identityRefused('user_absent');
    }
    // Only failures stay counted.
    await forgive(deps, hits);
    await upgradePasswordHash(deps, user, form.password);
    setDeviceCookie(c, deps, user.id);
    if (user.emailConfirmedAt === null) {
      // /login/2: the right password, but the address is not proven yet.
      const code = await currentCode(deps, user.id);
      if (resendWait(deps, code?.sentAt) === 0) {
        await hit(deps, sendHits(user.email, clientIp(c, deps.config), user));
        await issueCode(deps, { ...user, locale: pageLocaleOf(c, body) ?? userLocale(user) });
      }
      await setSignupCookie(c, deps, { userId: user.id, next: form.next ?? null, locale });
      clearSecondFactorCookie(c, deps);
      return c.json({ next: `/${locale}/login/2` } satisfies AuthResult);
    }
    if (await hasTwoFactor(deps.db, user.id)) {
      // /login/2: the right password, and now the authenticator app's code (decision 0218).
      setSecondFactorCookie(c, deps, { userId: user.id, next: form.next ?? null, locale });
      return c.json({ next: `/${locale}/login/2?factor=app` } satisfies AuthResult);
    }
    await startSession(c, deps, user.id, 'password');
    return c.json({ next: nextAfterSignIn(form.next, locale) } satisfies AuthResult);
  }

  router.post('/logout/', async (c) => {
    await endSession(c, deps);
    return c.body(null, 204);
  });

  return router;
}

/**
 * A browser holding this account's device cookie counts in the device's own bucket,
 * so a lock on the account or the IP (anyone's wrong passwords) leaves it signing in.
 * Re-authentication counts in the same buckets: a password guessed there is a guess.
 */
export function signInHits(
  c: Context<AppEnv>,
  deps: AppDeps,
  user: User | undefined,
  login: string,
): Hit[] {
  const nonce = user ? deviceNonce(c, deps, user.id) : null;
  if (nonce !== null) return deviceHits(nonce);
  return loginHits(user ?? login.toLowerCase(), clientIp(c, deps.config));
}
