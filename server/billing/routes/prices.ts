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
import { readReference } from '../../db/reference-cache.ts';

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

/** Mounted at /api/v1/subscription/; open to visitors. */
export function pricesRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  const currency = (c: Context<AppEnv>, given: Currency | undefined) =>
    shownCurrency(
      given,
      c.get('user')?.country,
      async () => (await visitorCountry(c, deps, preferredLocale(c))).code,
    );

  // Kept in memory per currency, revalidated by its ETag; `private`, as the currency
  // follows who asks (docs/decisions/0031).
  router.get('/prices/', async (c) => {
    const query = parseInput(PricesQuery, c.req.query());
    const shown = await currency(c, query.currency);
    const list = await readReference(deps.cache, `prices:${shown}`, ['plans', 'plan_prices'], () =>
      planList(deps.db, shown).then((answer) => answer satisfies PlanList),
    );
    return referenceAnswer(c, list, { personal: true });
  });

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
      currency: await currency(c, query.currency),
      held: open !== null && open.coupon === query.coupon.trim().toUpperCase(),
    });
    return c.json(couponPrice(await keptPriceRows(deps), query.plan, check) satisfies CouponPrice);
  });

  return router;
}
