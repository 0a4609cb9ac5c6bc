import { Hono } from 'hono';
import { LoginForm, type AuthResult } from '../../contract/auth.ts';
import { findUserByLogin, nextAfterSignIn, requestLocale } from '../auth/accounts.ts';
import { currentCode, issueCode, resendWait } from '../auth/codes.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endSession, startSession } from '../auth/sessions.ts';
import { setSignupCookie } from '../auth/signup-cookie.ts';
import { forgive, hit, loginHits, sendHits } from '../auth/throttle.ts';
import { readBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { fieldError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';

/** Mounted at /api/auth/ */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/login/', async (c) => {
    const body = await readBody(c);
    const form = parseInput(LoginForm, body);
    const locale = requestLocale(c, body);
    // Counted before any lookup or password work, so parallel guesses are counted too.
    const hits = loginHits(form.login, clientIp(c, deps.config));
    await hit(deps, hits);
    const user = await findUserByLogin(deps.db, form.login);
    if (!user) throw fieldError('login', 'user_absent');
    if (user.passwordHash === null || !(await verifyPassword(form.password, user.passwordHash))) {
      throw fieldError('password', 'wrong_credentials');
    }
    // Only failures stay counted.
    await forgive(deps, hits);
    if (user.emailConfirmedAt === null) {
      // /login/2: the right password, but the address is not proven yet.
      const code = await currentCode(deps, user.id);
      if (resendWait(deps, code?.sentAt) === 0) {
        await hit(deps, sendHits(user.email, clientIp(c, deps.config)));
        await issueCode(deps, user);
      }
      setSignupCookie(c, deps, { userId: user.id, next: form.next ?? null, locale });
      return c.json({ next: `/${locale}/login/2` } satisfies AuthResult);
    }
    await startSession(c, deps, user.id);
    return c.json({ next: nextAfterSignIn(form.next, locale) } satisfies AuthResult);
  });

  router.post('/logout/', async (c) => {
    await endSession(c, deps);
    return c.body(null, 204);
  });

  return router;
}
