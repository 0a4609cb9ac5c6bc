import type { Interval } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { addPeriod, additionalDays, currentSubscription } from './subscription.ts';

type Target = { plan: PlanId; interval: Interval };
type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** GET /api/subscription/convertion/: the days the running period adds to `target` (none to free). */
export async function conversionDays(
  deps: Deps,
  user: Pick<User, 'id' | 'country'>,
  target: Target,
): Promise<number> {
  if (target.plan === 'free') return 0;
  const current = await currentSubscription(deps.db, user);
  return additionalDays(deps.db, current, deps.clock.now(), target);
}

/** GET /api/subscription/in_advance/: when a period of `target` bought now would end. */
export async function periodEndIfBoughtNow(
  deps: Deps,
  user: Pick<User, 'id' | 'country'>,
  target: Target,
): Promise<Date> {
  return addPeriod(deps.clock.now(), target.interval, await conversionDays(deps, user, target));
}
