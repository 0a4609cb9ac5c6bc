import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { TimezoneUpdate } from '../../contract/profile.ts';
import { requireUser } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { parseInput } from '../http/validate.ts';

/** Mounted at /api/v1/user_timezone_info/ */
export function timezoneRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const user = requireUser(c);
    const { timezone } = parseInput(TimezoneUpdate, await readBody(c, 'json'));
    await deps.db
      .update(users)
      .set({
        timezoneIana: timezone.ianaName,
        timezoneOffset: timezone.offset,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, user.id));
    return c.json({ timezone });
  });

  return router;
}
