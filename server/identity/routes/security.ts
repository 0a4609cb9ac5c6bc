import { Hono } from 'hono';
import { ChangePasswordForm } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageLocaleOf } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { changePassword } from '../password-change.ts';
import { securityEventsOf } from '../security-events.ts';
import { forgive, hit } from '../throttle.ts';
import { signInHits } from './auth.ts';
import { deviceOf } from './device.ts';
import { requireRecentSignIn, requireUser, sessionToken } from './session.ts';

/** Mounted at /api/v1/security/: the account's security log, and its password. */
export function securityRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/events/', async (c) => {
    const user = requireUser(c);
    return c.json(await securityEventsOf(deps, user.id));
  });

  // A sensitive action: a sign-in within 10 minutes first (decision 0215).
  router.post('/password/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const form = parseInput(ChangePasswordForm, await readBody(c, 'json'));
    // The current password is a guess like any other: counted as sign-in counts it.
    const hits = signInHits(c, deps, user, user.username);
    await hit(deps, hits);
    await changePassword(
      deps,
      user,
      sessionToken(c, deps),
      form,
      deviceOf(c, deps),
      pageLocaleOf(c),
    );
    await forgive(deps, hits);
    return c.body(null, 204);
  });

  return router;
}
