import type { Currency, Interval } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import { effectivePrice, withPercentOff, type PriceRow } from './prices.ts';
import {
  addPeriod,
  DAY_MS,
  paidPeriodRunning,
  PERIOD_DAYS,
  type CurrentSubscription,
} from './subscription.ts';

export type Target = { plan: PlanId; interval: Interval };

/**
 * What a change to another plan (or a new checkout over a running paid period) costs:
 * the amount charged now, the credit for the unused part of the current period (its
 * worth in the current subscription's currency, and the days of the new plan it buys,
 * the spec's conversion), and the new period's end (the next payment) with what it will
 * charge. The checkout shows it and the charge is made from it.
 */
export type PlanChangeCost = {
  currency: Currency;
  /** The target plan's price for its interval. */
  price: number;
  /** Charged now: the price, less a promo code's percent when one applies. */
  chargedNow: number;
  credit: { amount: number; currency: Currency; days: number };
  nextPaymentAt: Date;
  /** The next period's charge: the plan's full price (a renewal carries no promo code). */
  nextPaymentAmount: number;
};

/**
 * The cost of a change, from the prices it needs: `price` in the charge's currency and
 * `creditPrice`, the target's price in the current subscription's currency, in which the
 * unused part is valued. The unused part is the current price times the days left over
 * the days its interval is worth (30 or 365); it buys whole days of the target at the
 * target's price per day, and nothing from free, an ended period or a free price. The new
 * period runs from `now` for one interval on the UTC calendar (`addPeriod`: month ends
 * and 29 February clamp), then those days.
 */
export function planChangeCost({
  current,
  now,
  target,
  currency,
  price,
  creditPrice,
  percentOff = 0,
}: {
  current: CurrentSubscription;
  now: Date;
  target: Target;
  currency: Currency;
  price: number;
  creditPrice: number;
  percentOff?: number;
}): PlanChangeCost {
  const left =
    paidPeriodRunning(current, now) && current.expireAt
      ? current.expireAt.getTime() - now.getTime()
      : 0;
  const value = (current.price * (left / DAY_MS)) / PERIOD_DAYS[current.interval];
  const days =
    creditPrice > 0 ? Math.floor(value / (creditPrice / PERIOD_DAYS[target.interval])) : 0;
  return {
    currency,
    price,
    chargedNow: withPercentOff(price, percentOff),
    credit: { amount: Math.floor(value), currency: current.currency, days },
    nextPaymentAt: addPeriod(now, target.interval, days),
    nextPaymentAmount: price,
  };
}

/** `planChangeCost` with its prices taken from the price list's `rows`. */
export function costOfChange(
  rows: readonly PriceRow[],
  current: CurrentSubscription,
  now: Date,
  target: Target,
  currency: Currency,
  percentOff = 0,
): PlanChangeCost {
  const price = effectivePrice(rows, target.plan, target.interval, currency);
  const creditPrice =
    currency === current.currency
      ? price
      : effectivePrice(rows, target.plan, target.interval, current.currency);
  return planChangeCost({ current, now, target, currency, price, creditPrice, percentOff });
}
