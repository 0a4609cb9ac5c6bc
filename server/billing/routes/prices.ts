import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { Currency, type CouponPrice, type PlanList } from '../../../contract/billing.ts';
import { PlanId } from '../../../contract/profile.ts';
import { checkCoupon, couponPrice, keptPriceRows, planList, shownCurrency } from '../prices.ts';
import { openCheckoutOf } from '../subscription.ts';
import { userRead } from '../../user-reads.ts';
import { visitorCountry } from '../../geo/routes/visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { preferredLocale } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { referenceAnswer } from '../../http/reference.ts';
import { readReference, type Reference } from '../../db/reference-cache.ts';
import type { User } from '../../db/schema.ts';

export const PricesQuery = v.object({ currency: v.optional(Currency) });
export const PriceQuery = v.object({
  plan: PlanId,
  // Query strings skip readBody's NUL check; PostgreSQL text cannot hold one.
  coupon: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(64),
      v.check(
        (text) => [...text].every((char) => char.charCodeAt(0) >= 0x20),
        'Enter a promo code without control characters',
      ),
    ),
    '',
  ),
  currency: v.optional(Currency),
});

/** The currency shown to who asks: the one asked for, else the user's country's, else the visitor's. */
const currencyOf = (
  deps: AppDeps,
  request: Context<AppEnv>,
  user: User | null | undefined,
  given: Currency | undefined,
) =>
  shownCurrency(
    given,
    user?.country,
    async () => (await visitorCountry(request, deps, preferredLocale(request))).code,
  );

/**
 * GET /api/v1/subscription/prices/: the plans in the currency shown to who asks, kept in
 * memory per currency (docs/decisions/0031); also a signed-in page's read.
 */
export async function priceList(
  deps: AppDeps,
  request: Context<AppEnv>,
  user: User | null | undefined,
  query: Record<string, string>,
): Promise<Reference<PlanList>> {
  const shown = await currencyOf(deps, request, user, parseInput(PricesQuery, query).currency);
  return readReference(deps.cache, `prices:${shown}`, ['plans', 'plan_prices'], () =>
    planList(deps.db, shown).then((answer) => answer satisfies PlanList),
  );
}

/** Mounted at /api/v1/subscription/; open to visitors. */
export function pricesRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // Revalidated by its ETag; `private`, as the currency follows who asks.
  router.get('/prices/', async (c) =>
    referenceAnswer(c, await priceList(deps, c, c.get('user'), c.req.query()), {
      personal: true,
    }),
  );

  router.get('/price/', async (c) => {
    const query = parseInput(PriceQuery, c.req.query());
    const user = c.get('user');
    const open = user
      ? await userRead(deps, user.id, 'open-checkout', async () => {
          return (await openCheckoutOf(deps.db, user.id)) ?? null;
        })
      : null;
    const check = await checkCoupon(deps.db, deps.clock.now(), {
      coupon: query.coupon,
      plan: query.plan,
      currency: await currencyOf(deps, c, user, query.currency),
      held: open !== null && open.coupon === query.coupon.trim().toUpperCase(),
    });
    return c.json(couponPrice(await keptPriceRows(deps), query.plan, check) satisfies CouponPrice);
  });

  return router;
}
