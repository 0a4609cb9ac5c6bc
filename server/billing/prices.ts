import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  AvailablePlan,
  CouponPrice,
  CouponStatus,
  Currency,
  Interval,
  PlanList,
} from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import { planPrices, plans, promoCodes, type ByCurrency } from '../db/schema.ts';
import { readReference } from '../db/reference-cache.ts';
import type { AppDeps } from '../deps.ts';

// The euro area, and the small states that use the euro by agreement.
const EURO_COUNTRIES = new Set(
  'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES AD MC SM VA ME'.split(' '),
);

/** RU pays in roubles, the euro countries in euros, everyone else in dollars. */
export function currencyFor(country: string): Currency {
  if (country === 'RU') return 'rub';
  return EURO_COUNTRIES.has(country) ? 'eur' : 'usd';
}

/**
 * The currency prices are shown in: `?currency=` if given, else that of the signed-in
 * user's country, else of the visitor's (asked only then).
 */
export async function shownCurrency(
  given: Currency | undefined,
  userCountry: string | null | undefined,
  visitorCountry: () => Promise<string>,
): Promise<Currency> {
  if (given) return given;
  if (userCountry) return currencyFor(userCountry);
  return currencyFor(await visitorCountry());
}

export type PriceRow = typeof planPrices.$inferSelect;

export async function priceRows(db: Database): Promise<PriceRow[]> {
  return db.select().from(planPrices);
}

/** The price rows, from memory while `plan_prices` has not changed (docs/decisions/0031). */
export async function keptPriceRows(
  deps: Pick<AppDeps, 'db' | 'cache'>,
): Promise<readonly PriceRow[]> {
  return (await readReference(deps.cache, 'plan_prices', ['plan_prices'], () => priceRows(deps.db)))
    .value;
}

/** What a period costs before any promo code: the discounted amount when there is one. */
export function effectivePrice(
  rows: readonly PriceRow[],
  plan: PlanId,
  interval: Interval,
  currency: Currency,
): number {
  const row = rows.find(
    (r) => r.planId === plan && r.interval === interval && r.currency === currency,
  );
  return row ? (row.discountedAmount ?? row.amount) : 0;
}

export async function planPrice(
  db: Database,
  plan: PlanId,
  interval: Interval,
  currency: Currency,
): Promise<number> {
  return effectivePrice(await priceRows(db), plan, interval, currency);
}

export const withPercentOff = (amount: number, percent: number) =>
  Math.round((amount * (100 - percent)) / 100);

export async function planList(db: Database, currency: Currency): Promise<PlanList> {
  const rows = await priceRows(db);
  const list = await db.select().from(plans).orderBy(asc(plans.sortOrder));
  const result = list.map((plan): AvailablePlan => {
    const id = plan.id;
    const find = (interval: Interval) =>
      rows.find((r) => r.planId === id && r.interval === interval && r.currency === currency);
    const monthly = find('monthly');
    const yearly = find('yearly');
    const price = (amount: number | null | undefined) =>
      amount === null || amount === undefined ? null : { amount, currency };
    const twelve = (monthly?.amount ?? 0) * 12;
    const yearlyPaid = yearly?.discountedAmount ?? yearly?.amount ?? 0;
    return {
      id,
      name: plan.name,
      monthlyPrice: { amount: monthly?.amount ?? 0, currency },
      yearlyPrice: { amount: yearly?.amount ?? 0, currency },
      monthlyPriceDiscounted: price(monthly?.discountedAmount),
      yearlyPriceDiscounted: price(yearly?.discountedAmount),
      discount_annual:
        id === 'premium' && twelve > 0 ? Math.round((1 - yearlyPaid / twelve) * 100) : null,
    };
  });
  return { currency, plans: result };
}

export type CouponCheck = { status: CouponStatus; percent: number };

/**
 * A promo code's status for a plan in a currency (its monthly price meets max_price).
 * `held`: the asker's own open payment reserved this code already, so one of the
 * counted redemptions is theirs (back from the provider's page, the code they pay with
 * is not used up for them).
 */
export async function checkCoupon(
  db: Database,
  now: Date,
  input: { coupon: string; plan: PlanId; currency: Currency; held?: boolean },
): Promise<CouponCheck> {
  const code = input.coupon.trim().toUpperCase();
  if (code === '') return { status: 'no_coupon', percent: 0 };
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  const fail = (status: CouponStatus): CouponCheck => ({ status, percent: 0 });
  if (!promo) return fail('err_not_found');
  if (promo.validUntil !== null && promo.validUntil <= now) return fail('err_expired_date');
  const taken = promo.redemptions - (input.held ? 1 : 0);
  if (promo.maxRedemptions !== null && taken >= promo.maxRedemptions) {
    return fail('err_expired_count');
  }
  if (promo.maxPrice) {
    const monthly = await planPrice(db, input.plan, 'monthly', input.currency);
    if (monthly > promo.maxPrice[input.currency]) return fail('err_max_price');
  }
  return { status: 'ok', percent: promo.percent };
}

/**
 * Takes one redemption of a code, or answers false when none is left (or the code
 * expired meanwhile). One conditional update, so parallel checkouts cannot all pass
 * a check made before any of them counted; settle gives it back if the payment fails.
 */
export async function reservePromo(db: Database, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        or(
          isNull(promoCodes.maxRedemptions),
          lt(promoCodes.redemptions, promoCodes.maxRedemptions),
        ),
        or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, now)),
      ),
    )
    .returning({ code: promoCodes.code });
  return rows.length > 0;
}

/** What the plan costs in every currency and period, with the promo code's discount. */
export function couponPrice(
  rows: readonly PriceRow[],
  plan: PlanId,
  check: CouponCheck,
): CouponPrice {
  const byPeriod = (amount: (interval: Interval, currency: Currency) => number) => {
    const per = (interval: Interval): ByCurrency => ({
      rub: amount(interval, 'rub'),
      usd: amount(interval, 'usd'),
      eur: amount(interval, 'eur'),
    });
    return { monthly: per('monthly'), yearly: per('yearly') };
  };
  const original = byPeriod((interval, currency) => effectivePrice(rows, plan, interval, currency));
  const ok = check.status === 'ok';
  return {
    price_original: original,
    price_discounted: ok
      ? byPeriod((i, c) => withPercentOff(effectivePrice(rows, plan, i, c), check.percent))
      : null,
    discount_temporal: ok ? { discountValue: byPeriod(() => check.percent) } : null,
    coupon_status: check.status,
  };
}
