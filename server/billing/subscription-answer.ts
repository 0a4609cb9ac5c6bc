import type { Subscription } from '../../contract/billing.ts';
import type { User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { planFacts } from '../plan-facts.ts';
import { cachedAutopayment } from './autopayment.ts';
import { currentSubscription } from './subscription.ts';

/**
 * GET /api/subscription/: the subscription row (one query), the autopayment and the team
 * part (`team_plan`, the premium a team grants as of `now`) from the session cache while
 * it has heard no change to them. Only a request that has not written may ask this.
 */
export async function subscriptionAnswer(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  user: Pick<User, 'id' | 'country'>,
  now: Date,
): Promise<Subscription> {
  const [current, autopayment, facts] = await Promise.all([
    currentSubscription(deps.db, user),
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
