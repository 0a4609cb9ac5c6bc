import type { Subscription } from '../../contract/billing.ts';
import type { User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { planFacts } from '../plan-facts.ts';
import { cachedAutopayment } from './autopayment.ts';
import { keptSubscription } from './subscription.ts';

/**
 * GET /api/subscription/: the subscription row, the autopayment and the team part
 * (`team_plan`, the premium a team grants as of `now`) from the session cache while it
 * has heard no change to them (decisions 0210, 0037). Only a request that has not written may ask this.
 */
export async function subscriptionAnswer(
  deps: Pick<AppDeps, 'db' | 'cache' | 'clock'>,
  user: Pick<User, 'id' | 'country'>,
  now: Date,
): Promise<Subscription> {
  const [current, autopayment, facts] = await Promise.all([
    keptSubscription(deps, user),
    cachedAutopayment(deps.db, user.id, deps.cache),
    planFacts(deps, user.id, now),
  ]);
  return {
    plan: current.plan,
    interval: current.interval,
    price: current.price,
    currency: current.currency,
    autopayment: autopayment?.status === 'active',
    autopayment_status: autopayment?.status ?? null,
    expire_at: current.expireAt?.toISOString() ?? null,
    canceled_at: current.canceledAt?.toISOString() ?? null,
    team_plan: facts.team,
  };
}
