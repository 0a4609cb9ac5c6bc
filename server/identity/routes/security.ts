import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';
import type { AppEnv } from '../../http/context.ts';
import { securityEventsOf } from '../security-events.ts';
import { requireUser } from './session.ts';

/** Mounted at /api/v1/security/: the account's security log. */
export function securityRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/events/', async (c) => {
    const user = requireUser(c);
    return c.json(await securityEventsOf(deps, user.id));
  });

  return router;
}
