import { Hono } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { SocialProvider, type SocialAccount } from '../../contract/identity.ts';
import { requireUser } from '../auth/sessions.ts';
import { socialAccounts } from '../db/schema.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { simpleError } from '../http/errors.ts';

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
    const user = requireUser(c);
    const provider = v.safeParse(SocialProvider, c.req.param('provider'));
    if (!provider.success) throw simpleError(404, 'not_found');
    const links = await deps.db
      .select({ provider: socialAccounts.provider })
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    if (!links.some((link) => link.provider === provider.output)) {
      throw simpleError(404, 'not_found');
    }
    if (user.passwordHash === null && links.length <= 1) {
      throw simpleError(400, 'last_sign_in_method');
    }
    await deps.db
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.provider, provider.output)));
    return c.body(null, 204);
  });

  return router;
}
