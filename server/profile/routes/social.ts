import { deviceOf } from '../../identity/routes/device.ts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { SocialProvider } from '../../../contract/identity.ts';
import { unlinkSocial } from '../../identity/profile.ts';
import { requireRecentSignIn } from '../../identity/routes/session.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { socialAccountsOf } from '../social.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';

/** GET /api/v1/profile/social/: the accounts linked for signing in. */
export const socialAccountsRead: Read = (deps, { user }) => socialAccountsOf(deps, user.id);

/** Mounted at /api/v1/profile/social/ */
export function socialRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', readRoute(deps, socialAccountsRead));

  router.delete('/:provider/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const provider = v.safeParse(SocialProvider, c.req.param('provider'));
    if (!provider.success) throw notFound();
    await unlinkSocial(deps, user, provider.output, deviceOf(c, deps));
    return c.body(null, 204);
  });

  return router;
}
