import { Hono } from 'hono';
import * as v from 'valibot';
import { hit, LIMITS } from '../../identity/throttle.ts';
import { requireUser } from '../../identity/routes/session.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import { lookupUser } from '../teams.ts';
import { answering } from './teams.ts';

export const LookupQuery = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(150)),
});

/**
 * Mounted at /api/v1/users/: GET ?username= answers the one account with exactly that
 * username, for adding it to a team. Throttled per account (LIMITS.userLookup), so it
 * cannot be used to collect the accounts.
 */
export function userRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', async (c) => {
    const user = requireUser(c);
    await hit(deps, [{ limit: LIMITS.userLookup, subject: `user:${user.id}` }]);
    const { username } = parseInput(LookupQuery, c.req.query());
    return c.json(await answering(lookupUser(deps, username)));
  });

  return router;
}
