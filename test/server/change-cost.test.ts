import { describe, expect, it } from 'vitest';
import type { PaymentPage, PlanChangeCostAnswer } from '../../contract/billing.ts';
import { eq } from 'drizzle-orm';
import { planPrice, withPercentOff } from '../../server/billing/prices.ts';
import { autopayments, checkouts } from '../../server/db/schema.ts';
import { DAY, useTestServer, type TestClient } from './harness.ts';
import {
  autopaymentRow,
  checkoutRequest,
  json,
  sendJson,
  setPlan,
  signedIn,
  startCheckout,
} from './billing.ts';

const server = useTestServer();
const PATH = '/api/v1/subscription/change-cost/';

async function costOf(client: TestClient, query: string) {
  const response = await client.get(`${PATH}?${query}`);
  expect(response.status).toBe(200);
  return json<PlanChangeCostAnswer>(response);
}

/** A user paying mini monthly (10 dollars) with `daysLeft` of the period to run. */
async function paying(daysLeft: number) {
  const account = await signedIn(server());
  await setPlan(server(), account.user.id, 'mini', daysLeft, { price: 10, currency: 'usd' });
  await server().db.insert(autopayments).values(autopaymentRow(account.user.id));
  return account;
}

describe('GET /api/v1/subscription/change-cost/', () => {
  it('answers the charge now, the credit for the unused days and the next payment', async () => {
    const { client } = await paying(15);
    const premium = await planPrice(server().db, 'premium', 'monthly', 'usd');
    const answer = await costOf(client, 'plan=premium&interval=monthly');
    // 15 of 30 days of 10 dollars are worth 5 dollars; premium costs premium/30 a day.
    const days = Math.floor(5 / (premium / 30));
    expect(answer).toMatchObject({
      plan: 'premium',
      interval: 'monthly',
      currency: 'usd',
      price: premium,
      charged_now: premium,
      credit: { amount: 5, currency: 'usd', days },
      next_payment_amount: premium,
    });
    // The spec's conversion answers the same days.
    const conversion = await json<{ additional_days: number }>(
      await client.get('/api/subscription/convertion/?plan=premium&interval=monthly'),
    );
    expect(conversion.additional_days).toBe(days);
  });

  it('is what the plan change then charges, and the period it gives', async () => {
    const { client } = await paying(12);
    const shown = await costOf(client, 'plan=premium&interval=yearly&currency=usd');
    expect(shown.credit.days).toBeGreaterThan(0);
    const change = await sendJson(client, 'PATCH', '/api/autopayment/', {
      plan: 'premium',
      interval: 'yearly',
      coupon: '',
      user_data: { first_name: 'Ann', second_name: 'Lee', email: 'ann@example.com', country: 'GB' },
      options: {},
    });
    expect(change.status).toBe(200);
    const history = await json<PaymentPage>(await client.get('/api/v1/payments/'));
    expect(history.payments[0]).toMatchObject({
      status: 'paid',
      plan: 'premium',
      interval: 'yearly',
      amount: shown.charged_now,
      currency: shown.currency,
      period_end: shown.next_payment_at,
    });
    const { subscription } = await json<{ subscription: { expire_at: string; price: number } }>(
      await client.get('/api/subscription/'),
    );
    expect(subscription.expire_at).toBe(shown.next_payment_at);
    expect(subscription.price).toBe(shown.next_payment_amount);
  });

  it("is counted from the caller's own subscription only", async () => {
    await paying(25);
    const stranger = await signedIn(server(), { country: 'DE' });
    const answer = await costOf(stranger.client, 'plan=premium&interval=monthly');
    const premium = await planPrice(server().db, 'premium', 'monthly', 'eur');
    expect(answer).toMatchObject({
      currency: 'eur',
      charged_now: premium,
      credit: { amount: 0, days: 0 },
    });
    const now = server().clock.now();
    const monthLater = new Date(now);
    monthLater.setUTCMonth(now.getUTCMonth() + 1);
    // No credit: the next payment is one plain period away (within a day of a month).
    expect(Math.abs(Date.parse(answer.next_payment_at) - monthLater.getTime())).toBeLessThan(
      3 * DAY,
    );
  });

  it("takes a new checkout's promo code off the charge now, as the checkout then charges", async () => {
    const { client, user } = await signedIn(server());
    // The checkout below pays from GB, in dollars.
    const mini = await planPrice(server().db, 'mini', 'monthly', 'usd');
    const shown = await costOf(client, 'plan=mini&interval=monthly&currency=usd&coupon=welcome10');
    expect(shown).toMatchObject({
      price: mini,
      charged_now: withPercentOff(mini, 10),
      // A renewal carries no promo code.
      next_payment_amount: mini,
    });
    expect(shown.charged_now).toBeLessThan(mini);
    await startCheckout(client, checkoutRequest({ coupon: 'WELCOME10' }));
    const [checkout] = await server()
      .db.select({ amount: checkouts.amount, currency: checkouts.currency })
      .from(checkouts)
      .where(eq(checkouts.userId, user.id));
    expect(checkout).toEqual({ amount: shown.charged_now, currency: 'usd' });
  });

  it('prices a new checkout in the currency given, not in that of the period paid before', async () => {
    // Paid in dollars, 10 days left, the autopayment cancelled: a new checkout, paid
    // from a euro country.
    const { client, user } = await signedIn(server());
    await setPlan(server(), user.id, 'mini', 10, { price: 10, currency: 'usd' });
    await server()
      .db.insert(autopayments)
      .values(autopaymentRow(user.id, { status: 'canceled' }));
    const premium = await planPrice(server().db, 'premium', 'monthly', 'eur');
    const answer = await costOf(client, 'plan=premium&interval=monthly&currency=eur');
    expect(answer).toMatchObject({ currency: 'eur', price: premium, charged_now: premium });
    // The unused days are still worth what they cost, in dollars (10 of 30 days of 10
    // dollars), and buy days of premium at its dollar price.
    const premiumUsd = await planPrice(server().db, 'premium', 'monthly', 'usd');
    expect(answer.credit).toEqual({
      amount: 3,
      currency: 'usd',
      days: Math.floor((10 * 10) / 30 / (premiumUsd / 30)),
    });
  });

  it('refuses a promo code the checkout would refuse, and any for a plan change', async () => {
    const buyer = await signedIn(server());
    const unknown = await buyer.client.get(`${PATH}?plan=mini&interval=monthly&coupon=NOSUCHCODE`);
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({
      errors: [{ code: 'invalid_input', detail: 'err_not_found', source: { pointer: 'coupon' } }],
    });
    // Longer than any code (64, as the checkout takes it): refused by its length.
    const long = await buyer.client.get(
      `${PATH}?plan=mini&interval=monthly&coupon=${'A'.repeat(65)}`,
    );
    expect(await json(long)).toMatchObject({
      errors: [{ detail: 'Must be at most 64 characters', source: { pointer: 'coupon' } }],
    });
    const { client } = await paying(10);
    const change = await client.get(`${PATH}?plan=premium&interval=monthly&coupon=WELCOME10`);
    expect(change.status).toBe(400);
    expect(await json(change)).toMatchObject({
      errors: [{ code: 'invalid_input', detail: 'plan_change', source: { pointer: 'coupon' } }],
    });
    // Without it the same change is answered.
    await costOf(client, 'plan=premium&interval=monthly');
  });

  it('refuses a bad query with section 8 field errors, and a stranger with 401', async () => {
    const { client } = await paying(10);
    for (const [query, pointer, code] of [
      ['plan=free&interval=monthly', 'plan', 'invalid_input'],
      ['plan=gold&interval=monthly', 'plan', 'invalid_input'],
      ['plan=premium&interval=weekly', 'interval', 'invalid_input'],
      ['interval=monthly', 'plan', 'required'],
      ['plan=premium&interval=monthly&currency=gbp', 'currency', 'invalid_input'],
      // A running autopayment changes plan in the subscription's currency.
      ['plan=premium&interval=monthly&currency=eur', 'currency', 'invalid_input'],
    ] as const) {
      const response = await client.get(`${PATH}?${query}`);
      expect(response.status, query).toBe(400);
      expect(await json(response), query).toMatchObject({
        errors: [{ code, source: { pointer } }],
      });
    }
    expect((await server().client().get(`${PATH}?plan=premium&interval=monthly`)).status).toBe(401);
  });
});
