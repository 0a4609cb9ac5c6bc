import { Hono } from 'hono';
import { TimezoneUpdate } from '../../../contract/profile.ts';
import { setTimezone } from '../../identity/profile.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';

/** Mounted at /api/v1/user_timezone_info/ */
export function timezoneRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const user = requireUser(c);
    const { timezone } = parseInput(TimezoneUpdate, await readBody(c, 'json'));
    await setTimezone(deps, user, timezone);
    return c.json({ timezone });
  });

  return router;
}
