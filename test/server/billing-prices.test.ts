import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CouponPrice, PlanList } from '../../contract/billing.ts';
import { useTestServer } from './harness.ts';
import { checkoutRequest, json, signedIn, startCheckout } from './billing.ts';
import { eq } from 'drizzle-orm';
import { checkouts, promoCodes } from '../../server/db/schema.ts';
import { fieldCodes } from './identity.ts';

const server = useTestServer();
const PRICES = '/api/v1/subscription/prices/';

describe('GET /api/v1/subscription/prices/', () => {
  it.each([
    ['RU', 'rub', 2500],
    ['DE', 'eur', 25],
    ['US', 'usd', 30],
    ['GB', 'usd', 30],
  ])('answers a signed-in user from %s in %s', async (country, currency, premium) => {
    const { client } = await signedIn(server(), { country });
    const list = v.parse(PlanList, await json(await client.get(PRICES)));
    expect(list.currency).toBe(currency);
    expect(list.plans.map((p) => p.id)).toEqual(['free', 'mini', 'premium']);
    const plan = list.plans.find((p) => p.id === 'premium');
    expect(plan?.monthlyPrice).toEqual({ amount: premium, currency });
    expect(plan?.discount_annual).toBe(20);
    expect(list.plans.find((p) => p.id === 'mini')?.discount_annual).toBeNull();
  });

  it('gives premium yearly its discounted price and free nothing discounted', async () => {
    const list = v.parse(
      PlanList,
      await json(await server().client().get(`${PRICES}?currency=rub`)),
    );
    const [free, mini, premium] = list.plans;
    expect(free).toMatchObject({ monthlyPrice: { amount: 0 }, yearlyPriceDiscounted: null });
    expect(mini).toMatchObject({ yearlyPrice: { amount: 7900, currency: 'rub' } });
    expect(premium).toMatchObject({
      yearlyPrice: { amount: 30000, currency: 'rub' },
      yearlyPriceDiscounted: { amount: 24000, currency: 'rub' },
      monthlyPriceDiscounted: null,
    });
  });

  it('takes the visitor country when signed out, and ?currency= over everything', async () => {
    const ru = await server()
      .client()
      .get(PRICES, { headers: { 'Accept-Language': 'ru' } });
    expect((await json(ru)).currency).toBe('rub');
    expect((await json(await server().client().get(PRICES))).currency).toBe('usd');
    const { client } = await signedIn(server(), { country: 'RU' });
    expect((await json(await client.get(`${PRICES}?currency=eur`))).currency).toBe('eur');
  });

  it('refuses an unknown currency at its pointer', async () => {
    const response = await server().client().get(`${PRICES}?currency=gbp`);
    expect(response.status).toBe(400);
    expect(await fieldCodes(response)).toEqual([['currency', 'invalid_input']]);
  });
});

describe('GET /api/v1/subscription/price/', () => {
  const price = async (query: string, headers: Record<string, string> = {}) => {
    const response = await server()
      .client()
      .get(`/api/v1/subscription/price/?${query}`, { headers });
    expect(response.status).toBe(200);
    return v.parse(CouponPrice, await response.json());
  };

  it('applies a valid code to every period and currency', async () => {
    const answer = await price('plan=premium&coupon=welcome10');
    expect(answer.coupon_status).toBe('ok');
    expect(answer.price_original.monthly).toEqual({ rub: 2500, usd: 30, eur: 25 });
    expect(answer.price_original.yearly).toEqual({ rub: 24000, usd: 288, eur: 240 });
    expect(answer.price_discounted?.monthly).toEqual({ rub: 2250, usd: 27, eur: 23 });
    expect(answer.price_discounted?.yearly.rub).toBe(21600);
    expect(answer.discount_temporal?.discountValue.yearly).toEqual({ rub: 10, usd: 10, eur: 10 });
  });

  it.each([
    ['plan=mini&coupon=', 'no_coupon'],
    ['plan=mini', 'no_coupon'],
    ['plan=mini&coupon=NOPE', 'err_not_found'],
    ['plan=mini&coupon=EXPIRED', 'err_expired_date'],
    ['plan=mini&coupon=USEDUP', 'err_expired_count'],
    ['plan=premium&coupon=SMALL5', 'err_max_price'],
    ['plan=mini&coupon=SMALL5', 'ok'],
  ])('%s → %s', async (query, status) => {
    const answer = await price(query);
    expect(answer.coupon_status).toBe(status);
    if (status !== 'ok') {
      expect(answer.price_discounted).toBeNull();
      expect(answer.discount_temporal).toBeNull();
    }
  });

  it('reads a code typed with spaces around it as the code', async () => {
    const answer = await price('plan=mini&coupon=%20%20welcome10%20');
    expect(answer.coupon_status).toBe('ok');
    expect(answer.price_discounted?.monthly.usd).toBe(9);
  });

  it('takes a code until the instant its valid_until names, not at it', async () => {
    const now = server().clock.now();
    await server()
      .db.insert(promoCodes)
      .values([
        { code: 'ENDSNOW', percent: 10, validUntil: now },
        { code: 'ENDSNEXT', percent: 10, validUntil: new Date(now.getTime() + 1) },
      ]);
    expect((await price('plan=mini&coupon=ENDSNOW')).coupon_status).toBe('err_expired_date');
    expect((await price('plan=mini&coupon=ENDSNEXT')).coupon_status).toBe('ok');
  });

  it("applies to a plan whose monthly price equals the code's max_price, not one above", async () => {
    // Mini's monthly price: 790 RUB, 10 USD, 9 EUR (decision 0301: above max_price refuses).
    await server()
      .db.insert(promoCodes)
      .values([
        { code: 'ATMINI', percent: 5, maxPrice: { rub: 790, usd: 10, eur: 9 } },
        { code: 'BELOWMINI', percent: 5, maxPrice: { rub: 789, usd: 9, eur: 8 } },
      ]);
    for (const currency of ['rub', 'usd', 'eur']) {
      const at = await price(`plan=mini&coupon=ATMINI&currency=${currency}`);
      expect(at.coupon_status, currency).toBe('ok');
      const below = await price(`plan=mini&coupon=BELOWMINI&currency=${currency}`);
      expect(below.coupon_status, currency).toBe('err_max_price');
    }
  });

  it('refuses a missing or unknown plan at its pointer', async () => {
    const nul = await server().client().get('/api/v1/subscription/price/?plan=mini&coupon=%00');
    expect(await json(nul.clone())).toMatchObject({
      errors: [{ detail: 'Enter a promo code without control characters' }],
    });
    expect(await fieldCodes(nul)).toEqual([['coupon', 'invalid_input']]);
    for (const query of ['coupon=WELCOME10', 'plan=gold']) {
      const response = await server().client().get(`/api/v1/subscription/price/?${query}`);
      expect(response.status).toBe(400);
      expect((await fieldCodes(response))[0]?.[0]).toBe('plan');
    }
  });
});

describe("a promo code held by the payer's own open payment", () => {
  it('stays ok for that payer, back from the provider page, while it is used up for others', async () => {
    await server()
      .db.insert(promoCodes)
      .values({ code: 'LASTONE', percent: 10, maxRedemptions: 1 });
    const path = '/api/v1/subscription/price/?plan=mini&coupon=lastone';
    const { client } = await signedIn(server(), { country: 'GB' });
    await startCheckout(client, checkoutRequest({ coupon: 'LASTONE' }));
    const own = v.parse(CouponPrice, await json(await client.get(path)));
    expect(own.coupon_status).toBe('ok');
    expect(own.price_discounted?.monthly.usd).toBe(9);
    const other = await signedIn(server(), { country: 'GB' });
    const theirs = v.parse(CouponPrice, await json(await other.client.get(path)));
    expect(theirs.coupon_status).toBe('err_expired_count');
    expect(v.parse(CouponPrice, await json(await server().client().get(path))).coupon_status).toBe(
      'err_expired_count',
    );
  });

  it('holds only its own code: another used-up code is used up for its payer too', async () => {
    await server()
      .db.insert(promoCodes)
      .values([
        { code: 'HELDONE', percent: 10, maxRedemptions: 1 },
        { code: 'SPENT', percent: 10, maxRedemptions: 0 },
      ]);
    const { client } = await signedIn(server(), { country: 'GB' });
    await startCheckout(client, checkoutRequest({ coupon: 'HELDONE' }));
    const spent = await json(
      await client.get('/api/v1/subscription/price/?plan=mini&coupon=spent'),
    );
    expect(v.parse(CouponPrice, spent).coupon_status).toBe('err_expired_count');
  });

  it('stays held once the provider took the payment in (submitted), whatever case or spaces the code is typed in', async () => {
    await server()
      .db.insert(promoCodes)
      .values({ code: 'HELDTOO', percent: 10, maxRedemptions: 1 });
    const { client, user } = await signedIn(server(), { country: 'GB' });
    await startCheckout(client, checkoutRequest({ coupon: 'heldtoo' }));
    await server()
      .db.update(checkouts)
      .set({ status: 'submitted' })
      .where(eq(checkouts.userId, user.id));
    // Written behind the app's back: the session cache hears of it before the next read.
    await server().sessionCache.settle();
    const path = '/api/v1/subscription/price/?plan=mini&coupon=%20HeldToo%20';
    expect(v.parse(CouponPrice, await json(await client.get(path))).coupon_status).toBe('ok');
    await server()
      .db.update(checkouts)
      .set({ status: 'failed' })
      .where(eq(checkouts.userId, user.id));
    await server().sessionCache.settle();
    expect(v.parse(CouponPrice, await json(await client.get(path))).coupon_status).toBe(
      'err_expired_count',
    );
  });
});
