import type { Currency, Interval, PlanChangeCostAnswer } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { billingRefused } from './refusals.ts';
import { changeCurrency, couponError } from './checkout.ts';
import { costOfChange } from './plan-change-cost.ts';
import { checkCoupon, currencyFor, keptPriceRows } from './prices.ts';
import { addPeriod, keptSubscription } from './subscription.ts';
import { cachedAutopayment } from './autopayment.ts';

type Target = { plan: PlanId; interval: Interval };
type ReadDeps = Pick<AppDeps, 'db' | 'cache' | 'clock'>;

/**
 * GET /api/subscription/convertion/: the days the running period adds to `target` (none
 * to free), as the checkout counts them (`costOfChange`). The subscription and the
 * prices come from memory, as the subscription's own read and the price list take them
 * (decisions 0210, 0031): a read, asked only by a request that has not written.
 */
export async function conversionDays(
  deps: ReadDeps,
  user: Pick<User, 'id' | 'country'>,
  target: Target,
): Promise<number> {
  const [current, rows] = await Promise.all([keptSubscription(deps, user), keptPriceRows(deps)]);
  return costOfChange(rows, current, deps.clock.now(), target, current.currency).credit.days;
}

/** GET /api/subscription/in_advance/: when a period of `target` bought now would end. */
export async function periodEndIfBoughtNow(
  deps: ReadDeps,
  user: Pick<User, 'id' | 'country'>,
  target: Target,
): Promise<Date> {
  return addPeriod(deps.clock.now(), target.interval, await conversionDays(deps, user, target));
}

/**
 * GET /api/v1/subscription/change-cost/: the cost of a change to `target` for the
 * caller's own subscription, from the function the charge uses. A running autopayment
 * changes plan in the subscription's currency (another given is a field error); a new
 * checkout pays in the given one (the payer's country's), else the account's, less the
 * promo code it would take (checked as the checkout checks it, and refused at its field
 * likewise). A plan change takes no promo code, so one given to it is refused. The
 * subscription, the autopayment and the prices come from memory (a read, as above); a
 * promo code given is looked up.
 */
export async function changeCostAnswer(
  deps: ReadDeps,
  user: Pick<User, 'id' | 'country'>,
  target: {
    plan: 'mini' | 'premium';
    interval: Interval;
    currency?: Currency | undefined;
    /** The promo code a new checkout would take; '' for none. */
    coupon: string;
  },
): Promise<PlanChangeCostAnswer> {
  const [current, autopayment, rows] = await Promise.all([
    keptSubscription(deps, user),
    cachedAutopayment(deps.db, user.id, deps.cache),
    keptPriceRows(deps),
  ]);
  const changing = autopayment?.status === 'active';
  let currency = target.currency ?? currencyFor(user.country);
  if (changing) {
    currency = changeCurrency(user, current);
    if (target.currency !== undefined && target.currency !== currency) {
      throw billingRefused('invalid_field', { at: 'currency' });
    }
  }
  const now = deps.clock.now();
  const coupon = await checkCoupon(deps.db, now, { ...target, currency });
  if (changing && coupon.status !== 'no_coupon') throw couponError('plan_change');
  if (coupon.status !== 'ok' && coupon.status !== 'no_coupon') throw couponError(coupon.status);
  const cost = costOfChange(rows, current, now, target, currency, coupon.percent);
  return {
    plan: target.plan,
    interval: target.interval,
    currency,
    price: cost.price,
    charged_now: cost.chargedNow,
    credit: cost.credit,
    next_payment_at: cost.nextPaymentAt.toISOString(),
    next_payment_amount: cost.nextPaymentAmount,
  };
}
