import { deviceOf } from '../../identity/routes/device.ts';
import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SocialProvider, type SocialAccount } from '../../../contract/identity.ts';
import { unlinkSocial } from '../../identity/profile.ts';
import { requireRecentSignIn, requireUser } from '../../identity/routes/session.ts';
import { socialAccounts } from '../../db/schema.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';

/** Mounted at /api/v1/profile/social/ */
export function socialRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', async (c) => {
    const user = requireUser(c);
    const rows = await deps.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id))
      .orderBy(asc(socialAccounts.linkedAt));
    const list: SocialAccount[] = [];
    for (const row of rows) {
      const provider = v.safeParse(SocialProvider, row.provider);
      if (!provider.success) continue;
      list.push({
        provider: provider.output,
        email: row.email,
        linked_at: row.linkedAt.toISOString(),
      });
    }
    return c.json(list);
  });

  router.delete('/:provider/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const provider = v.safeParse(SocialProvider, c.req.param('provider'));
    if (!provider.success) throw notFound();
    await unlinkSocial(deps, user, provider.output, deviceOf(c, deps));
    return c.body(null, 204);
  });

  return router;
}
