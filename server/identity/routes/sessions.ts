import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';
import type { AppEnv } from '../../http/context.ts';
import { endOtherSession, endOtherSessions, sessionsOf } from '../sessions.ts';
import { deviceOf } from './device.ts';
import { requireRecentSignIn, sessionToken } from './session.ts';
import { readRoute, type Read } from './reads.ts';

/** GET /api/v1/sessions/: where the account is signed in, the caller's session marked. */
export const sessionsRead: Read = (deps, { user, request }) =>
  sessionsOf(deps, user.id, sessionToken(request, deps));

/** Mounted at /api/v1/sessions/: where the account is signed in, and ending it there. */
export function sessionListRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', readRoute(deps, sessionsRead));

  // Every session but this one: "sign out everywhere else".
  router.delete('/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    await endOtherSessions(deps, user.id, sessionToken(c, deps), deviceOf(c, deps));
    return c.body(null, 204);
  });

  router.delete('/:id/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const id = c.req.param('id');
    await endOtherSession(deps, user.id, id, sessionToken(c, deps), deviceOf(c, deps));
    return c.body(null, 204);
  });

  return router;
}
