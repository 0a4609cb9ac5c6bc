import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { Unsubscription } from '../../../contract/identity.ts';
import { unsubscriptions, users } from '../../db/schema.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { leaveList } from '../../identity/profile.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';
import { notFound } from '../../errors.ts';

/** Mounted at /api/v1/unsubscribe/ (the POST is exempt from CSRF: see csrf.ts). */
export function unsubscribeRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  async function target(c: Context<AppEnv>) {
    const token = readUnsubscribeToken(deps.config.sessionSecret, c.req.param('token') ?? '');
    if (!token) throw notFound();
    const [user] = await deps.db.select().from(users).where(eq(users.id, token.userId));
    if (!user) throw notFound();
    return { user, list: token.list };
  }

  async function answer(userId: number, email: string, list: Unsubscription['list']) {
    const [left] = await deps.db
      .select({ list: unsubscriptions.list })
      .from(unsubscriptions)
      .where(and(eq(unsubscriptions.userId, userId), eq(unsubscriptions.list, list)));
    return { email, list, subscribed: !left } satisfies Unsubscription;
  }

  router.get('/:token/', async (c) => {
    const { user, list } = await target(c);
    return c.json(await answer(user.id, user.email, list));
  });

  router.post('/:token/', async (c) => {
    const { user, list } = await target(c);
    await leaveList(deps, user.id, list);
    return c.json(await answer(user.id, user.email, list));
  });

  return router;
}
