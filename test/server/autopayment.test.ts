import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { AutopaymentAnswer, SubscriptionAnswer } from '../../contract/billing.ts';
import { checkouts } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import {
  checkoutRequest,
  decide,
  json,
  settle,
  signedIn,
  startCheckout,
  STRIPE_OPTIONS,
  YOOKASSA_OPTIONS,
} from './billing.ts';
import { fieldCodes } from './identity.ts';

const server = useTestServer();
// The queue waits for the settlement delay by the database's clock: one real second here.
const delayed = useTestServer({ env: { SANDBOX_SETTLE_SECONDS: '1' } });

const autopayment = async (client: Parameters<typeof decide>[0]) =>
  v.parse(AutopaymentAnswer, await json(await client.get('/api/autopayment/'))).autopayment;

describe('POST /api/autopayment/', () => {
  it('needs sign-in', async () => {
    const response = await server().client().postJson('/api/autopayment/', checkoutRequest());
    expect(response.status).toBe(401);
  });

  it('starts one checkout for parallel and repeated starts', async () => {
    const { user, client } = await signedIn(server());
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.postJson('/api/autopayment/', checkoutRequest())),
    );
    const urls = await Promise.all(answers.map(async (r) => (await json(r)).redirect_url));
    expect(new Set(urls).size).toBe(1);
    expect(urls[0]).toMatch(/^http:\/\/localhost:8080\/sandbox\/pay\/co_/);
    // A repeat finds the open checkout whatever it asks for, a promo code refused included.
    const again = await startCheckout(
      client,
      checkoutRequest({ plan: 'premium', coupon: 'EXPIRED' }),
    );
    expect(again.url).toBe(urls[0]);
    expect(await server().db.$count(checkouts, eq(checkouts.userId, user.id))).toBe(1);
    expect(await autopayment(client)).toMatchObject({ status: 'pending', provider: 'stripe' });
  });

  it('wants the provider of the country and return addresses of this site', async () => {
    const { client } = await signedIn(server());
    const post = (body: unknown) => client.postJson('/api/autopayment/', body);
    const wrong = await post(checkoutRequest({ provider: 'yookassa' }));
    expect(await json(wrong)).toMatchObject({
      errors: [
        {
          code: 'invalid_input',
          source: { pointer: 'provider' },
          detail: 'Country GB pays with stripe',
        },
      ],
    });
    const foreign = checkoutRequest({
      options: { success_url: 'https://evil.example/', cancel_url: '/en/subscription' },
    });
    expect(await fieldCodes(await post(foreign))).toEqual([['options', 'invalid_input']]);
    const missing = checkoutRequest({ options: { success_url: '/en/subscription' } });
    expect(await fieldCodes(await post(missing))).toEqual([['options', 'invalid_input']]);
    const free = await post({ ...checkoutRequest(), plan: 'free' });
    expect((await fieldCodes(free))[0]?.[0]).toBe('plan');
    const bad = await post({ ...checkoutRequest(), user_data: { country: 'GB' } });
    expect((await fieldCodes(bad))[0]).toEqual(['user_data.first_name', 'required']);
    const coupon = await post(checkoutRequest({ coupon: 'EXPIRED' }));
    expect(await fieldCodes(coupon)).toEqual([['coupon', 'invalid_input']]);
    expect((await client.get('/api/autopayment/')).status).toBe(404);
  });

  // Decision 0301: only return_url and payment_method_type=bank_card for yookassa,
  // success_url and cancel_url for stripe, each a local path or under PUBLIC_URL.
  it("takes each provider's own options, and return addresses of this site alone", async () => {
    const base = 'http://localhost:8080';
    const start = async (country: 'GB' | 'RU', options: Record<string, string>) => {
      const { client } = await signedIn(server(), { country });
      const response = await client.postJson(
        '/api/autopayment/',
        checkoutRequest({ country, options }),
      );
      return { client, response };
    };
    const refusal = async (country: 'GB' | 'RU', options: Record<string, string>) => {
      const { response } = await start(country, options);
      expect(response.status).toBe(400);
      const body = (await json(response)) as {
        errors: { code: string; source: { pointer: string }; detail: string }[];
      };
      return body.errors.map((error) => [error.source.pointer, error.code, error.detail]);
    };
    const refused = (detail: string) => [['options', 'invalid_input', detail]];
    const page = (length: number) => `/en/subscription?x=${'a'.repeat(length - 19)}`;

    expect(await refusal('GB', { ...STRIPE_OPTIONS, payment_method_type: 'bank_card' })).toEqual(
      refused('payment_method_type is not an option of stripe'),
    );
    expect(await refusal('GB', { ...STRIPE_OPTIONS, return_url: '/en/subscription' })).toEqual(
      refused('return_url is not an option of stripe'),
    );
    expect(await refusal('RU', { ...YOOKASSA_OPTIONS, payment_method_type: 'sbp' })).toEqual(
      refused('payment_method_type must be bank_card'),
    );
    expect(await refusal('RU', { payment_method_type: 'bank_card' })).toEqual(
      refused('return_url is required'),
    );
    expect(
      await refusal('GB', { ...STRIPE_OPTIONS, cancel_url: `${base}0/en/subscription` }),
    ).toEqual(refused('cancel_url must be an address of this site'));
    expect(await refusal('GB', { ...STRIPE_OPTIONS, success_url: page(2001) })).toEqual(
      refused('success_url must be an address of this site'),
    );
    expect(await refusal('GB', { ...STRIPE_OPTIONS, cancel_url: `${base}${page(1980)}` })).toEqual(
      refused('cancel_url must be an address of this site'),
    );

    // PUBLIC_URL itself, an address under it and a local path of 2,000 characters are
    // this site's; a local path is kept absolute, the others as given.
    const ours = { success_url: page(2000), cancel_url: `${base}/en/subscription?no` };
    const accepted = await start('GB', ours);
    expect(accepted.response.status).toBe(200);
    expect((await autopayment(accepted.client)).options).toEqual({
      success_url: `${base}${ours.success_url}`,
      cancel_url: ours.cancel_url,
    });
    const home = await start('RU', { ...YOOKASSA_OPTIONS, return_url: base });
    expect(home.response.status).toBe(200);
    expect((await autopayment(home.client)).options).toEqual({
      payment_method_type: 'bank_card',
      return_url: base,
    });
  });
});

describe('the sandbox checkout page', () => {
  it('shows plan, interval and the amount with the promo code applied', async () => {
    const { client } = await signedIn(server(), { country: 'RU' });
    const request = checkoutRequest({ country: 'RU', plan: 'premium', coupon: 'welcome10' });
    const { id } = await startCheckout(client, request);
    const page = await client.get(`/sandbox/pay/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<dd>premium</dd>');
    expect(html).toContain('<dd>monthly</dd>');
    expect(html).toContain('2250 ₽');
    expect(html).toContain('WELCOME10');
    for (const label of ['Pay', 'Decline', 'Cancel']) expect(html).toContain(`>${label}`);
    // Section 3: the autopayment answers the payer and the provider's options too.
    const { autopayment } = v.parse(
      AutopaymentAnswer,
      await json(await client.get('/api/autopayment/')),
    );
    expect(autopayment).toMatchObject({
      status: 'pending',
      provider: 'yookassa',
      user_data: request.user_data,
      options: {
        payment_method_type: 'bank_card',
        return_url:
          'http://localhost:8080/ru/subscription?scenario=creation&payment-attempt-status=unknown',
      },
    });
  });

  it("answers 404 for another user's checkout and when signed out", async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client);
    const other = await signedIn(server());
    expect((await other.client.get(`/sandbox/pay/${id}`)).status).toBe(404);
    expect((await decide(other.client, id, 'pay')).status).toBe(404);
    expect((await server().client().get(`/sandbox/pay/${id}`)).status).toBe(404);
  });

  it('Pay: back to success_url, active only after the settlement delay', async () => {
    const { client } = await signedIn(delayed());
    const { id } = await startCheckout(client, checkoutRequest({ coupon: 'WELCOME10' }));
    const paid = await decide(client, id, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      'http://localhost:8080/en/subscription?scenario=creation&payment-attempt-status=success',
    );
    await delayed().worker.tick();
    expect((await autopayment(client)).status).toBe('pending');
    await vi.waitFor(
      async () => {
        await delayed().worker.tick();
        expect((await autopayment(client)).status).toBe('active');
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(await autopayment(client)).toMatchObject({ status: 'active', coupon: 'WELCOME10' });
    const { subscription } = v.parse(
      SubscriptionAnswer,
      await json(await client.get('/api/subscription/')),
    );
    expect(subscription).toMatchObject({
      plan: 'mini',
      price: 9,
      currency: 'usd',
      autopayment: true,
    });
    const profile = await json(await client.get('/api/v1/profile/'));
    expect(profile.plan).toBe('mini');
    const exported = await json<{
      profile: { plan: string };
      billing: { payments: unknown[]; subscription: unknown };
    }>(await client.get('/api/v1/profile/export/'));
    expect(exported.profile.plan).toBe('mini');
    expect(exported.billing.subscription).toMatchObject({ plan: 'mini', price: 9 });
    expect(exported.billing.payments).toMatchObject([
      { kind: 'create', status: 'paid', amount: 9 },
    ]);
    // The page is closed once used.
    expect((await client.get(`/sandbox/pay/${id}`)).status).toBe(409);
    expect((await decide(client, id, 'pay')).status).toBe(409);
  });

  it('Decline: stripe to cancel_url, then failed with the reason', async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client);
    const declined = await decide(client, id, 'decline');
    expect(declined.headers.get('location')).toContain('payment-attempt-status=failed');
    await settle(server());
    expect(await autopayment(client)).toMatchObject({
      status: 'failed',
      latest_error: 'The card was declined (sandbox)',
    });
    const { subscription } = await json<{ subscription: { plan: string } }>(
      await client.get('/api/subscription/'),
    );
    expect(subscription.plan).toBe('free');
  });

  it('Cancel: yookassa back to return_url, then canceled; a new checkout may start', async () => {
    const { client } = await signedIn(server(), { country: 'RU' });
    const { id } = await startCheckout(client, checkoutRequest({ country: 'RU' }));
    const canceled = await decide(client, id, 'cancel');
    expect(canceled.headers.get('location')).toContain('payment-attempt-status=unknown');
    await settle(server());
    // Cancelled, not refused: no reason to show.
    expect(await autopayment(client)).toMatchObject({ status: 'canceled', latest_error: null });
    const next = await startCheckout(client, checkoutRequest({ country: 'RU' }));
    expect(next.id).not.toBe(id);
  });
});
