import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AutopaymentAnswer, SubscriptionAnswer } from '../../contract/billing.ts';
import { addPeriod } from '../../server/billing/subscription.ts';
import { DAY, useTestServer, type TestClient } from './harness.ts';
import { autopayments, checkouts } from '../../server/db/schema.ts';
import {
  autopaymentRow,
  buy,
  checkoutRequest,
  json,
  pendingCheckoutRow,
  sendJson,
  signedIn,
} from './billing.ts';

const server = useTestServer();

const subscription = async (client: TestClient) =>
  v.parse(SubscriptionAnswer, await json(await client.get('/api/subscription/'))).subscription;

const change = (client: TestClient, plan: string, interval: string) => {
  const { provider: _, ...rest } = checkoutRequest();
  return sendJson(client, 'PATCH', '/api/autopayment/', { ...rest, plan, interval });
};

describe('PATCH /api/autopayment/', () => {
  it('names the promo code of the payment that set its plan: a change, which takes none, names none', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client, checkoutRequest({ coupon: 'WELCOME10' }));
    const coupon = async () =>
      v.parse(AutopaymentAnswer, await json(await client.get('/api/autopayment/'))).autopayment
        .coupon;
    expect(await coupon()).toBe('WELCOME10');
    expect((await change(client, 'premium', 'monthly')).status).toBe(200);
    expect(await coupon()).toBe('');
  });

  it('changes plan and interval at once, with the unused days added', async () => {
    const { user, client: first } = await signedIn(server());
    await buy(server(), first);
    server().clock.advance(15 * DAY);
    // Sessions end after a week unused: the payer signs in again.
    const client = server().client();
    await client.postForm('/api/auth/login/', { login: user.username, password: 'Secret-pass-1' });
    const response = await change(client, 'premium', 'yearly');
    expect(response.status).toBe(200);
    const { autopayment } = v.parse(AutopaymentAnswer, await json(response));
    expect(autopayment).toMatchObject({ status: 'active', plan: 'premium', interval: 'yearly' });
    const now = server().clock.now();
    const current = await subscription(client);
    expect(current).toMatchObject({ plan: 'premium', interval: 'yearly', price: 288 });
    // Mini 10 $ with about half a month left is worth some days of premium yearly.
    const end = addPeriod(now, 'yearly');
    const extra = (new Date(current.expire_at ?? '').getTime() - end.getTime()) / DAY;
    expect(extra).toBeGreaterThanOrEqual(5);
    expect(Number.isInteger(extra)).toBe(true);
  });

  it('answers 400 no_autopayment without an active one, 401 signed out', async () => {
    const { client } = await signedIn(server());
    const response = await change(client, 'premium', 'monthly');
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('no_autopayment');
    expect((await change(server().client(), 'mini', 'monthly')).status).toBe(401);
  });

  it('refuses a new checkout while the autopayment runs', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client);
    const response = await client.postJson('/api/autopayment/', checkoutRequest());
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('plan_unavailable');
  });

  it('answers 409 checkout_in_progress while a payment is open', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    // A renewal still waiting for the provider's answer.
    await server()
      .db.insert(checkouts)
      .values(pendingCheckoutRow('co_open_renewal', user.id, 'renewal', server().clock.now()));
    const response = await change(client, 'premium', 'monthly');
    expect(response.status).toBe(409);
    expect((await json(response)).code).toBe('checkout_in_progress');
  });
});

describe('GET /api/autopayment/', () => {
  it('answers the payer fields an autopayment does not hold as empty, in the shape of section 6', async () => {
    const { client, user } = await signedIn(server());
    await server()
      .db.insert(autopayments)
      .values(autopaymentRow(user.id, { userData: {} }));
    const { autopayment } = v.parse(
      AutopaymentAnswer,
      await json(await client.get('/api/autopayment/')),
    );
    expect(autopayment.user_data).toEqual({
      first_name: '',
      second_name: '',
      email: '',
      country: '',
    });
  });
});

describe('DELETE /api/autopayment/ and PATCH /api/autopayment/status/', () => {
  it('cancels, keeps the plan until expiry, and restores', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client);
    const canceled = await sendJson(client, 'DELETE', '/api/autopayment/');
    expect(canceled.status).toBe(204);
    const after = await subscription(client);
    expect(after).toMatchObject({ plan: 'mini', autopayment: false });
    expect(after.canceled_at).toBe(server().clock.now().toISOString());
    const got = v.parse(AutopaymentAnswer, await json(await client.get('/api/autopayment/')));
    expect(got.autopayment.status).toBe('canceled');
    expect((await json(await sendJson(client, 'DELETE', '/api/autopayment/'))).code).toBe(
      'no_autopayment',
    );
    const restored = await sendJson(client, 'PATCH', '/api/autopayment/status/', {
      value: 'active',
    });
    expect(restored.status).toBe(200);
    expect((await json(restored)).autopayment).toMatchObject({ status: 'active' });
    expect(await subscription(client)).toMatchObject({ canceled_at: null, autopayment: true });
  });

  it('restores no autopayment whose paid period has ended, even before the sweep moved it', async () => {
    const { user, client: first } = await signedIn(server());
    await buy(server(), first);
    expect((await sendJson(first, 'DELETE', '/api/autopayment/')).status).toBe(204);
    const { expire_at } = await subscription(first);
    // To the end of the period, then a second before it; the worker has not run meanwhile.
    server().clock.advance(Date.parse(expire_at ?? '') - server().clock.now().getTime());
    // Sessions end after a week unused: the payer signs in again.
    const client = server().client();
    await client.postForm('/api/auth/login/', { login: user.username, password: 'Secret-pass-1' });
    const restore = () =>
      sendJson(client, 'PATCH', '/api/autopayment/status/', { value: 'active' });
    const atTheEnd = await restore();
    expect(atTheEnd.status).toBe(400);
    expect((await json(atTheEnd)).code).toBe('no_autopayment');
    server().clock.advance(-1000);
    expect((await restore()).status).toBe(200);
  });

  it('restores nothing that is not canceled, and validates the value', async () => {
    const { client } = await signedIn(server());
    const none = await sendJson(client, 'PATCH', '/api/autopayment/status/', { value: 'active' });
    expect(none.status).toBe(400);
    expect((await json(none)).code).toBe('no_autopayment');
    const bad = await sendJson(client, 'PATCH', '/api/autopayment/status/', { value: 'paused' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toBeDefined();
    expect((await sendJson(client, 'DELETE', '/api/autopayment/')).status).toBe(400);
    const missing = await client.get('/api/autopayment/');
    expect(missing.status).toBe(404);
    expect((await json(missing)).code).toBe('no_autopayment');
  });
});
