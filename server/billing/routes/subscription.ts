import { Hono } from 'hono';
import * as v from 'valibot';
import { Currency, Interval } from '../../../contract/billing.ts';
import { PlanId } from '../../../contract/profile.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { changeCostAnswer, conversionDays, periodEndIfBoughtNow } from '../preview.ts';
import { subscriptionAnswer } from '../subscription-answer.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';
import { subscriptionUpdateRoute } from './subscription-update.ts';

export const Target = v.object({ plan: PlanId, interval: Interval });
/**
 * A paid plan to change to, the checkout's currency (the payer's country's) if known, and
 * the promo code a new checkout would take (as POST /api/autopayment/ takes it).
 */
export const ChangeCostQuery = v.object({
  plan: v.picklist(['mini', 'premium']),
  interval: Interval,
  currency: v.optional(Currency),
  coupon: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'maxLength')), ''),
});

/** Mounted at /api/v1/subscription/change-cost/ */
export function changeCostRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get('/', async (c) => {
    const user = requireUser(c);
    const query = parseInput(ChangeCostQuery, c.req.query());
    return c.json(await changeCostAnswer(deps, user, query));
  });
  return router;
}

/** GET /api/subscription/: the user's subscription. */
export const subscriptionRead: Read = async (deps, { user }) => ({
  subscription: await subscriptionAnswer(deps, user, deps.clock.now()),
});

/** GET /api/subscription/convertion/: the days the current plan's rest buys of the target. */
export const convertionRead: Read = async (deps, { user, query }) => ({
  additional_days: await conversionDays(deps, user, parseInput(Target, query)),
});

/** GET /api/subscription/in_advance/: when the target's period would end if bought now. */
export const inAdvanceRead: Read = async (deps, { user, query }) => ({
  expire_at: (await periodEndIfBoughtNow(deps, user, parseInput(Target, query))).toISOString(),
});

/** Mounted at /api/subscription/ */
export function subscriptionRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', readRoute(deps, subscriptionRead));
  router.get('/convertion/', readRoute(deps, convertionRead));
  router.get('/in_advance/', readRoute(deps, inAdvanceRead));

  router.post('/update', subscriptionUpdateRoute(deps));

  return router;
}
