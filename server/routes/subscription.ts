import { Hono } from 'hono';
import * as v from 'valibot';
import { Interval } from '../../contract/billing.ts';
import { PlanId } from '../../contract/profile.ts';
import { requireUser } from '../identity/sessions.ts';
import {
  addPeriod,
  additionalDays,
  currentSubscription,
  toSubscriptionAnswer,
} from '../billing/subscription.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { parseInput } from '../http/validate.ts';
import { subscriptionUpdateRoute } from './subscription-update.ts';

const Target = v.object({ plan: PlanId, interval: Interval });

/** Mounted at /api/subscription/ */
export function subscriptionRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', async (c) => {
    const user = requireUser(c);
    return c.json({ subscription: await toSubscriptionAnswer(deps.db, user) });
  });

  async function days(user: Parameters<typeof currentSubscription>[1], query: unknown) {
    const target = parseInput(Target, query);
    const current = await currentSubscription(deps.db, user);
    if (target.plan === 'free') return { target, days: 0 };
    return { target, days: await additionalDays(deps.db, current, deps.clock.now(), target) };
  }

  router.get('/convertion/', async (c) => {
    const { days: additional_days } = await days(requireUser(c), c.req.query());
    return c.json({ additional_days });
  });

  router.get('/in_advance/', async (c) => {
    const { target, days: extra } = await days(requireUser(c), c.req.query());
    const expireAt = addPeriod(deps.clock.now(), target.interval, extra);
    return c.json({ expire_at: expireAt.toISOString() });
  });

  router.post('/update', subscriptionUpdateRoute(deps));

  return router;
}
