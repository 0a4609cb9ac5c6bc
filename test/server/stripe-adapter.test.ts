import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { PROVIDER_DOWN, type Checkout } from '../../server/billing/providers/provider.ts';
import { bounded, ProviderTimeout } from '../../server/providers/deadline.ts';
import { paymentProvider } from '../../server/billing/providers/registry.ts';
import { stripeProvider } from '../../server/billing/providers/stripe.ts';
import { CHARGE_RETRIES, runChargeJob } from '../../server/billing/charge.ts';
import { autopayments, checkouts, payments, subscriptions } from '../../server/db/schema.ts';
import { testConfig, useTestServer } from './harness.ts';
import {
  autopaymentRow,
  checkoutRequest,
  json,
  pendingCheckoutRow,
  sendJson,
  signedIn,
} from './billing.ts';

/**
 * The Stripe adapter on the official SDK, offline: webhooks signed the way Stripe
 * signs them (the SDK's test header), the API answered by a fake global fetch.
 */

const SECRET = 'whsec_test';
const KEY = 'sk_test_x';
const stripe = new Stripe(KEY);
const adapter = stripeProvider({ secretKey: KEY, webhookSecret: SECRET });
const server = useTestServer({ env: { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET } });

const nowSeconds = () => Math.floor(Date.now() / 1000);
const idle = () => new AbortController().signal;

afterEach(() => {
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------
// Stripe's side: events, signatures, API answers

function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const paidSession = (checkoutId: string, extra: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  mode: 'payment',
  status: 'complete',
  payment_status: 'paid',
  customer: 'cus_test_1',
  payment_intent: 'pi_test_1',
  metadata: { checkout_id: checkoutId },
  ...extra,
});

/** A body and its Stripe-Signature header, as Stripe would deliver them. */
function signed(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { body, header };
}

function verify(delivery: { body: string; header?: string | undefined }, provider = adapter) {
  const headers = new Headers(
    delivery.header === undefined ? {} : { 'Stripe-Signature': delivery.header },
  );
  return provider.verifyWebhook(delivery.body, headers, idle());
}

type ApiCall = {
  url: URL;
  method: string;
  headers: Headers;
  form: URLSearchParams;
  signal: AbortSignal | undefined;
};

/** Replaces the network with `answer`; every request the SDK makes is recorded. */
function fakeStripeApi(answer: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const call: ApiCall = {
      url: new URL(input instanceof Request ? input.url : String(input)),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return Promise.resolve().then(() => answer(call));
  });
  return calls;
}

/** A paid session's PaymentIntent read back with its card payment method expanded. */
const paidIntentWithCard = (call: ApiCall) =>
  Response.json({
    id: call.url.pathname.split('/').pop(),
    object: 'payment_intent',
    status: 'succeeded',
    customer: 'cus_test_1',
    payment_method: {
      id: 'pm_card_1',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
    },
  });

/** A completed setup session, as checkout.session.completed carries it. */
const setupSession = (checkoutId: string) => ({
  id: 'cs_test_setup',
  object: 'checkout.session',
  mode: 'setup',
  status: 'complete',
  payment_status: 'no_payment_required',
  customer: 'cus_test_1',
  setup_intent: 'seti_test_1',
  metadata: { checkout_id: checkoutId },
});

/** A setup session's SetupIntent read back with the new card expanded. */
const setupIntentWithCard = (call: ApiCall) =>
  Response.json({
    id: call.url.pathname.split('/').pop(),
    object: 'setup_intent',
    status: 'succeeded',
    customer: 'cus_test_1',
    payment_method: {
      id: 'pm_new_card',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2032 },
    },
  });

/** Stripe's error body (https://docs.stripe.com/api/errors). */
const stripeError = (status: number, error: Record<string, unknown>) =>
  Response.json({ error }, { status, headers: { 'Request-Id': 'req_test' } });

const cardDeclined = () =>
  stripeError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    payment_intent: {
      id: 'pi_declined',
      object: 'payment_intent',
      status: 'requires_payment_method',
    },
  });

const paymentIntent = (status: string, extra: Record<string, unknown> = {}) =>
  Response.json({ id: 'pi_test_2', object: 'payment_intent', status, ...extra });

/** The customer's saved cards as Stripe lists them. */
const savedCards = (customer: string, cards: string[]) =>
  Response.json({
    object: 'list',
    url: `/v1/customers/${customer}/payment_methods`,
    has_more: false,
    data: cards.map((id) => ({ id, object: 'payment_method', type: 'card' })),
  });

/** A fetch that never answers; it rejects only when its signal aborts. */
function silentUntilAborted(call: ApiCall): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(call.signal?.reason as Error), {
      once: true,
    });
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const checkout = (fields: Partial<Checkout> = {}): Checkout => ({
  id: 'co_adapter_1',
  userId: 1,
  kind: 'change',
  provider: 'stripe',
  status: 'pending',
  plan: 'premium',
  interval: 'monthly',
  coupon: '',
  amount: 19,
  currency: 'usd',
  additionalDays: 0,
  redirectUrl: null,
  error: null,
  createdAt: new Date(),
  settledAt: null,
  ...fields,
});

// ---------------------------------------------------------------------------

describe('verifyWebhook', () => {
  let readBacks: ApiCall[] = [];
  beforeEach(() => {
    readBacks = fakeStripeApi(paidIntentWithCard);
  });
  const failedIntent = {
    id: 'pi_test_3',
    object: 'payment_intent',
    status: 'requires_payment_method',
    customer: 'cus_test_1',
    payment_method: null,
    metadata: { checkout_id: 'co_c' },
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    },
  };
  const chargedIntent = {
    id: 'pi_test_4',
    object: 'payment_intent',
    status: 'succeeded',
    customer: 'cus_test_1',
    payment_method: 'pm_test_1',
    metadata: { checkout_id: 'co_d' },
  };
  it.each([
    {
      maps: 'a paid checkout.session.completed to payment.succeeded with the saved card',
      event: stripeEvent('evt_paid', 'checkout.session.completed', paidSession('co_a')),
      to: {
        id: 'evt_paid',
        type: 'payment.succeeded',
        checkoutId: 'co_a',
        ref: 'cus_test_1:pm_card_1',
        card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
      },
    },
    {
      maps: 'checkout.session.expired to payment.canceled',
      event: stripeEvent(
        'evt_expired',
        'checkout.session.expired',
        paidSession('co_b', { status: 'expired', payment_status: 'unpaid' }),
      ),
      to: { id: 'evt_expired', type: 'payment.canceled', checkoutId: 'co_b' },
    },
    {
      maps: 'payment_intent.payment_failed to payment.failed with the message',
      event: stripeEvent('evt_failed', 'payment_intent.payment_failed', failedIntent),
      to: {
        id: 'evt_failed',
        type: 'payment.failed',
        checkoutId: 'co_c',
        error: 'Your card was declined.',
      },
    },
    {
      maps: 'payment_intent.succeeded of a charge with customer and card as the ref',
      event: stripeEvent('evt_charged', 'payment_intent.succeeded', chargedIntent),
      to: {
        id: 'evt_charged',
        type: 'payment.succeeded',
        checkoutId: 'co_d',
        ref: 'cus_test_1:pm_test_1',
      },
    },
  ])('maps $maps', async ({ event, to }) => {
    expect(await verify(signed(event))).toEqual(to);
  });

  it("reads a paid session's card from its PaymentIntent, and settles without it when Stripe fails", async () => {
    const event = stripeEvent('evt_card', 'checkout.session.completed', paidSession('co_card'));
    await verify(signed(event));
    expect(readBacks.map((call) => [call.method, call.url.pathname])).toEqual([
      ['GET', '/v1/payment_intents/pi_test_1'],
    ]);
    expect([...(readBacks[0]?.url.searchParams.values() ?? [])]).toEqual(['payment_method']);
    // Stripe down or silent: the payment settles on the customer alone, with no card.
    fakeStripeApi(() => stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    expect(await verify(signed(event))).toEqual({
      id: 'evt_card',
      type: 'payment.succeeded',
      checkoutId: 'co_card',
      ref: 'cus_test_1',
      cardUnread: expect.any(Error),
    });
    // A card Stripe tells in a shape the app does not keep is left out, the method kept.
    fakeStripeApi((call) =>
      Response.json({
        id: call.url.pathname.split('/').pop(),
        object: 'payment_intent',
        payment_method: {
          id: 'pm_odd',
          object: 'payment_method',
          type: 'card',
          card: { brand: 'visa', last4: '12', exp_month: 13, exp_year: 2031 },
        },
      }),
    );
    const odd = await verify(signed(event));
    expect(odd).toMatchObject({ ref: 'cus_test_1:pm_odd' });
    expect(odd?.card).toBeUndefined();
  });

  it('answers null for authentic events that are not ours or settle nothing', async () => {
    const unpaid = paidSession('co_e', { payment_status: 'unpaid' });
    const foreign = paidSession('co_e', { metadata: {} });
    const failedOnHostedPage = {
      id: 'pi_test_5',
      object: 'payment_intent',
      metadata: {},
      last_payment_error: { message: 'Your card was declined.' },
    };
    const events = [
      stripeEvent('evt_unpaid', 'checkout.session.completed', unpaid),
      stripeEvent('evt_foreign', 'checkout.session.completed', foreign),
      stripeEvent('evt_retry', 'payment_intent.payment_failed', failedOnHostedPage),
      stripeEvent('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' }),
    ];
    for (const event of events) expect(await verify(signed(event))).toBeNull();
  });

  it('refuses a wrong secret, a tampered body, a missing or broken header', async () => {
    const event = stripeEvent('evt_forged', 'checkout.session.completed', paidSession('co_f'));
    const good = signed(event);
    expect(await verify(good)).not.toBeNull();
    const other = signed(event, { secret: 'whsec_other' });
    const tampered = good.body.replace('"paid"', '"paid" ');
    const forgeries = [
      { body: good.body, header: other.header },
      { body: tampered, header: good.header },
      { body: good.body.replace('co_f', 'co_g'), header: good.header },
      { body: good.body },
      { body: good.body, header: '' },
      { body: good.body, header: `t=${nowSeconds()},v1=${'0'.repeat(64)}` },
      { body: good.body, header: good.header.replace(/v1=/, 'v0=') },
    ];
    for (const forgery of forgeries) expect(await verify(forgery)).toBeNull();
  });

  it('refuses an event signed longer ago than the 300 s tolerance', async () => {
    const event = stripeEvent('evt_old', 'checkout.session.completed', paidSession('co_h'));
    expect(await verify(signed(event, { timestamp: nowSeconds() - 301 }))).toBeNull();
    expect(await verify(signed(event, { timestamp: nowSeconds() - 3600 }))).toBeNull();
    // Within the tolerance it is taken: the refusals were the age.
    expect(await verify(signed(event, { timestamp: nowSeconds() - 240 }))).toMatchObject({
      id: 'evt_old',
    });
  });

  it('refuses everything when STRIPE_WEBHOOK_SECRET is not configured', async () => {
    const event = stripeEvent('evt_nosecret', 'checkout.session.completed', paidSession('co_i'));
    const delivery = signed(event);
    const unkeyed = stripeProvider({ secretKey: KEY, webhookSecret: null });
    expect(await verify(delivery, unkeyed)).toBeNull();
    // The same through the configuration: a key without a webhook secret.
    const configured = paymentProvider(testConfig({ STRIPE_SECRET_KEY: KEY }), 'stripe');
    expect(configured?.sandbox).toBe(false);
    if (!configured) throw new Error('no stripe adapter');
    expect(await verify(delivery, configured)).toBeNull();
    expect(await verify(delivery)).not.toBeNull();
  });
});

describe('a card setup', () => {
  it('is a setup-mode session on the saved customer, keyed by the checkout id', async () => {
    const calls = fakeStripeApi(() =>
      Response.json({
        id: 'cs_test_setup',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_setup',
      }),
    );
    const back = 'https://portal.example.com/en/subscription?card_setup=co_card_1';
    const setup = adapter.startCardSetup;
    if (!setup) throw new Error('the Stripe adapter has no card setup');
    const started = await setup(
      checkout({ id: 'co_card_1', kind: 'card', amount: 0 }),
      'cus_test_1:pm_old',
      back,
      idle(),
    );
    expect(started).toEqual({ redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_setup' });
    expect(calls).toHaveLength(1);
    const form = calls[0]?.form;
    expect(calls[0]?.url.pathname).toBe('/v1/checkout/sessions');
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('co_card_1');
    expect(form?.get('mode')).toBe('setup');
    expect(form?.get('customer')).toBe('cus_test_1');
    expect(form?.get('success_url')).toBe(back);
    expect(form?.get('cancel_url')).toBe(back);
    expect(form?.get('metadata[checkout_id]')).toBe('co_card_1');
    // Nothing is charged: no amount, no line items.
    expect([...(form?.keys() ?? [])].some((key) => key.startsWith('line_items'))).toBe(false);
    // Without a saved customer there is nothing to add a card to.
    await expect(setup(checkout({ kind: 'card' }), null, back, idle())).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });

  it('settles by its completed session with the new method and card, read from the SetupIntent', async () => {
    const calls = fakeStripeApi(setupIntentWithCard);
    const event = stripeEvent('evt_setup', 'checkout.session.completed', setupSession('co_s'));
    expect(await verify(signed(event))).toEqual({
      id: 'evt_setup',
      type: 'payment.succeeded',
      checkoutId: 'co_s',
      ref: 'cus_test_1:pm_new_card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2032 },
    });
    expect(calls.map((call) => call.url.pathname)).toEqual(['/v1/setup_intents/seti_test_1']);
    // Stripe cannot tell the new method now: refused, so that Stripe delivers it again.
    fakeStripeApi(() => stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    await expect(verify(signed(event))).rejects.toThrow();
  });
});

describe('startCheckout', () => {
  it('creates a payment-mode session that saves the card, keyed by the checkout id', async () => {
    const calls = fakeStripeApi(() =>
      Response.json({
        id: 'cs_test_9',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_9',
      }),
    );
    const urls = {
      success_url: 'https://portal.example.com/en/subscription?ok=1',
      cancel_url: 'https://portal.example.com/en/subscription?ok=0',
    };
    const started = await adapter.startCheckout(checkout({ kind: 'create' }), urls, idle());
    expect(started).toEqual({ redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_9' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(call?.headers.get('Idempotency-Key')).toBe('co_adapter_1');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      success_url: urls.success_url,
      cancel_url: urls.cancel_url,
      customer_creation: 'always',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'metadata[checkout_id]': 'co_adapter_1',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1900',
      'line_items[0][price_data][product_data][name]': 'premium (monthly)',
    });
  });

  it('throws on a session without url and on an API error', async () => {
    fakeStripeApi(() => Response.json({ id: 'cs_test_10', object: 'checkout.session', url: null }));
    await expect(adapter.startCheckout(checkout(), {}, idle())).rejects.toThrow(/no session url/);
    fakeStripeApi(() =>
      stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }),
    );
    await expect(adapter.startCheckout(checkout(), {}, idle())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('is aborted by the signal', async () => {
    const calls = fakeStripeApi(silentUntilAborted);
    await expect(
      withDeadline(
        bounded(100, (signal) => adapter.startCheckout(checkout(), {}, signal)),
        2000,
      ),
    ).rejects.toBeInstanceOf(ProviderTimeout);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });
});

describe('charge', () => {
  it('an off-session PaymentIntent on the saved customer and card that succeeds', async () => {
    const calls = fakeStripeApi(() => paymentIntent('succeeded'));
    expect(await adapter.charge(checkout(), 'cus_1:pm_1', idle())).toEqual({
      outcome: 'succeeded',
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url.href).toBe('https://api.stripe.com/v1/payment_intents');
    expect(call?.headers.get('Idempotency-Key')).toBe('co_adapter_1');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      amount: '1900',
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_1',
      off_session: 'true',
      confirm: 'true',
      'metadata[checkout_id]': 'co_adapter_1',
    });
  });

  it('a card_declined answer (402) is a failed charge with the decline message', async () => {
    const calls = fakeStripeApi(cardDeclined);
    expect(await adapter.charge(checkout(), 'cus_1:pm_1', idle())).toEqual({
      outcome: 'failed',
      error: 'Your card has insufficient funds.',
    });
    // Not retried: a decline is an answer.
    expect(calls).toHaveLength(1);
  });

  it('reads the status of an answered PaymentIntent', async () => {
    fakeStripeApi(() =>
      paymentIntent('requires_payment_method', {
        last_payment_error: { type: 'card_error', message: 'Your card was declined.' },
      }),
    );
    expect(await adapter.charge(checkout(), 'cus_1:pm_1', idle())).toEqual({
      outcome: 'failed',
      error: 'Your card was declined.',
    });
    fakeStripeApi(() => paymentIntent('processing'));
    expect(await adapter.charge(checkout(), 'cus_1:pm_1', idle())).toEqual({ outcome: 'pending' });
  });

  it("a ref with only the customer charges the customer's saved card", async () => {
    const calls = fakeStripeApi((call) =>
      call.method === 'GET' ? savedCards('cus_1', ['pm_saved']) : paymentIntent('succeeded'),
    );
    expect(await adapter.charge(checkout(), 'cus_1', idle())).toEqual({ outcome: 'succeeded' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v1/customers/cus_1/payment_methods',
      'POST /v1/payment_intents',
    ]);
    expect(calls[0]?.url.searchParams.get('type')).toBe('card');
    expect(calls[1]?.form.get('payment_method')).toBe('pm_saved');
  });

  it('without a saved card fails without charging', async () => {
    const calls = fakeStripeApi(() => savedCards('cus_1', []));
    const none = { outcome: 'failed', error: 'No saved card' };
    expect(await adapter.charge(checkout(), null, idle())).toEqual(none);
    expect(await adapter.charge(checkout(), 'cus_1', idle())).toEqual(none);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('throws when Stripe fails (500), refuses the request (400) or cannot be reached', async () => {
    let calls = fakeStripeApi(() =>
      stripeError(500, { type: 'api_error', message: 'Something went wrong' }),
    );
    await expect(adapter.charge(checkout(), 'cus_1:pm_1', idle())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    // No retries of its own: the caller's timeout bounds one attempt.
    expect(calls).toHaveLength(1);
    fakeStripeApi(() =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such PaymentMethod',
      }),
    );
    await expect(adapter.charge(checkout(), 'cus_1:pm_1', idle())).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    calls = fakeStripeApi(() => Promise.reject(new TypeError('fetch failed')));
    await expect(adapter.charge(checkout(), 'cus_1:pm_1', idle())).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
    expect(calls).toHaveLength(1);
  });

  it('a never-answering API is aborted by the signal', async () => {
    const calls = fakeStripeApi(silentUntilAborted);
    const controller = new AbortController();
    const charging = adapter.charge(checkout(), 'cus_1:pm_1', controller.signal);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const reason = new Error('the caller gave up');
    controller.abort(reason);
    await expect(withDeadline(charging, 2000)).rejects.toBe(reason);
    expect(calls[0]?.signal?.aborted).toBe(true);
    // As the server runs it: bounded() times out and aborts the request.
    const bounded_ = withDeadline(
      bounded(100, (signal) => adapter.charge(checkout(), 'cus_1:pm_1', signal)),
      2000,
    );
    await expect(bounded_).rejects.toBeInstanceOf(ProviderTimeout);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.signal?.aborted).toBe(true);
  });
});

describe('through the app', () => {
  function postWebhook(body: string, signature?: string) {
    return server().app.request('/api/billing/webhooks/stripe/', {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        ...(signature === undefined ? {} : { 'Stripe-Signature': signature }),
      },
    });
  }

  it('a GB checkout is settled once by a signed checkout.session.completed', async () => {
    const { user, client } = await signedIn(server());
    const calls = fakeStripeApi((call) =>
      call.method === 'GET'
        ? paidIntentWithCard(call)
        : Response.json({
            id: 'cs_test_app',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_app',
          }),
    );
    const started = await client.postJson('/api/autopayment/', checkoutRequest({ country: 'GB' }));
    expect(started.status).toBe(200);
    expect(await json(started)).toEqual({
      redirect_url: 'https://checkout.stripe.com/c/pay/cs_test_app',
    });
    expect(calls).toHaveLength(1);
    const checkoutId = calls[0]?.form.get('metadata[checkout_id]') ?? '';
    const [row] = await server().db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(row).toMatchObject({ userId: user.id, provider: 'stripe', status: 'pending' });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe(checkoutId);
    expect(calls[0]?.form.get('line_items[0][price_data][unit_amount]')).toBe(
      String((row?.amount ?? 0) * 100),
    );
    expect(calls[0]?.form.get('success_url')).toMatch(/^https?:\/\/.+\/en\/subscription\?/);

    const event = stripeEvent(
      'evt_app_paid',
      'checkout.session.completed',
      paidSession(checkoutId, { id: 'cs_test_app' }),
    );
    const { body, header } = signed(event);
    // Not authentic first: a wrong secret and no header change nothing.
    expect((await postWebhook(body, signed(event, { secret: 'whsec_x' }).header)).status).toBe(403);
    expect((await postWebhook(body)).status).toBe(403);
    const first = await postWebhook(body, header);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ status: 'processed' });
    const [paid] = await server().db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(paid?.status).toBe('paid');
    const [auto] = await server()
      .db.select()
      .from(autopayments)
      .where(eq(autopayments.userId, user.id));
    // The card the session saved, read back from its PaymentIntent, is what later charges take.
    expect(auto).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerRef: 'cus_test_1:pm_card_1',
      cardBrand: 'mastercard',
      cardLast4: '4444',
      cardExpMonth: 3,
      cardExpYear: 2031,
    });
    const shown = await json<{ card: unknown }>(await client.get('/api/v1/card/'));
    expect(shown.card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2031,
    });
    // The card was read, so the operator is not warned that it is missing (decision 0307).
    expect(
      server().logger.entries.filter(
        (entry) =>
          entry.message === 'payment settles without its card' &&
          entry.fields.checkout === checkoutId,
      ),
    ).toEqual([]);
    const [granted] = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(granted).toMatchObject({ plan: 'mini', interval: 'monthly' });

    // Stripe redelivers: the same event, even signed anew, settles nothing more.
    expect(await json(await postWebhook(body, header))).toEqual({ status: 'duplicate' });
    const again = signed(event, { timestamp: nowSeconds() + 5 });
    expect(await json(await postWebhook(again.body, again.header))).toEqual({
      status: 'duplicate',
    });
    const [after] = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(after?.expireAt).toEqual(granted?.expireAt);
    // Only the first authentic delivery read the PaymentIntent back: a redelivery is known
    // by its signed event id before Stripe is asked anything.
    expect(calls.slice(1).map((call) => call.url.pathname)).toEqual([
      '/v1/payment_intents/pi_test_1',
    ]);

    // A plan change charges the saved card: a decline is the payer's answer (200, the
    // reason shown), an outage a retryable 502; the running plan stays either way.
    const { provider: _, ...change } = checkoutRequest({ plan: 'premium', country: 'GB' });
    const charges = fakeStripeApi(() => cardDeclined());
    const declined = await sendJson(client, 'PATCH', '/api/autopayment/', change);
    expect(declined.status).toBe(200);
    // The saved method is known: no list of the customer's cards is needed.
    expect(charges.map((c) => c.url.pathname)).toEqual(['/v1/payment_intents']);
    expect(charges[0]?.form.get('customer')).toBe('cus_test_1');
    expect(charges[0]?.form.get('payment_method')).toBe('pm_card_1');
    const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(declined);
    expect(autopayment).toMatchObject({
      status: 'active',
      plan: 'mini',
      latest_error: 'Your card has insufficient funds.',
    });
    fakeStripeApi(() => stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    const down = await sendJson(client, 'PATCH', '/api/autopayment/', change);
    expect(down.status).toBe(502);
    expect((await json(down)).code).toBe('payment_failed');
    const { subscription } = await json<{ subscription: { plan: string } }>(
      await client.get('/api/subscription/'),
    );
    expect(subscription.plan).toBe('mini');
  });

  it("retries a renewal's charge while Stripe fails, and fails it with the reason at the last retry", async () => {
    const { user, client } = await signedIn(server());
    const { db } = server();
    await db.insert(autopayments).values(autopaymentRow(user.id, { providerRef: 'cus_1:pm_1' }));
    const id = 'co_renewal_outage';
    await db.insert(checkouts).values(pendingCheckoutRow(id, user.id, 'renewal', new Date()));
    const calls = fakeStripeApi(() =>
      stripeError(500, { type: 'api_error', message: 'Something went wrong' }),
    );
    const status = async () =>
      (await db.select().from(checkouts).where(eq(checkouts.id, id)))[0]?.status;
    // Each run before the last throws for the queue to run it again; the renewal waits.
    for (let retry = 0; retry < CHARGE_RETRIES; retry += 1) {
      await expect(runChargeJob(server(), { checkoutId: id }, retry)).rejects.toBeInstanceOf(
        Stripe.errors.StripeAPIError,
      );
      expect(await status()).toBe('pending');
    }
    expect(calls).toHaveLength(CHARGE_RETRIES);
    // The last: the renewal fails with the reason, and the payer reads it.
    await runChargeJob(server(), { checkoutId: id }, CHARGE_RETRIES);
    expect(calls).toHaveLength(CHARGE_RETRIES + 1);
    // Each failure is in the operator's log, with its checkout.
    const warned = server().logger.entries.filter(
      (entry) => entry.message === 'charge failed' && entry.fields.checkout === id,
    );
    expect(warned).toHaveLength(CHARGE_RETRIES + 1);
    const [failed] = await db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(failed).toMatchObject({ status: 'failed', error: PROVIDER_DOWN });
    const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({ status: 'failed', latest_error: PROVIDER_DOWN });
    expect(await db.$count(payments, eq(payments.checkoutId, id))).toBe(1);
  });

  it('leaves a renewal Stripe is still processing to its webhook, and charges it once', async () => {
    const { user } = await signedIn(server());
    const { db } = server();
    await db.insert(autopayments).values(autopaymentRow(user.id, { providerRef: 'cus_1:pm_1' }));
    const id = 'co_renewal_processing';
    await db.insert(checkouts).values(pendingCheckoutRow(id, user.id, 'renewal', new Date()));
    const calls = fakeStripeApi(() => paymentIntent('processing'));
    await runChargeJob(server(), { checkoutId: id }, 0);
    const [submitted] = await db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(submitted).toMatchObject({ status: 'submitted', error: null });
    expect(await db.$count(payments, eq(payments.checkoutId, id))).toBe(0);
    // A repeat of the job (a crash before it completed) asks Stripe nothing more.
    await runChargeJob(server(), { checkoutId: id }, 1);
    expect(calls).toHaveLength(1);
    // Nor does a job for a checkout that is gone (with its account).
    await runChargeJob(server(), { checkoutId: 'co_gone_with_its_account' }, 0);
    expect(calls).toHaveLength(1);
  });

  it('settles a paid session whose card Stripe cannot tell, and logs why the card is missing', async () => {
    const { user, client } = await signedIn(server());
    const calls = fakeStripeApi(() =>
      Response.json({
        id: 'cs_test_blind',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_blind',
      }),
    );
    expect(
      (await client.postJson('/api/autopayment/', checkoutRequest({ country: 'GB' }))).status,
    ).toBe(200);
    const checkoutId = calls[0]?.form.get('metadata[checkout_id]') ?? '';
    fakeStripeApi(() => stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    const event = stripeEvent(
      'evt_blind',
      'checkout.session.completed',
      paidSession(checkoutId, { id: 'cs_test_blind' }),
    );
    const { body, header } = signed(event);
    expect(await json(await postWebhook(body, header))).toEqual({ status: 'processed' });
    const [auto] = await server()
      .db.select()
      .from(autopayments)
      .where(eq(autopayments.userId, user.id));
    expect(auto).toMatchObject({ status: 'active', providerRef: 'cus_test_1', cardLast4: null });
    expect(server().logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'payment settles without its card',
        fields: expect.objectContaining({ provider: 'stripe', checkout: checkoutId }),
      }),
    );
  });

  it("changes a Stripe payer's card through a setup session, and its webhook saves it", async () => {
    const { user, client } = await signedIn(server());
    await server()
      .db.insert(autopayments)
      .values(
        autopaymentRow(user.id, {
          providerRef: 'cus_test_1:pm_old',
          cardBrand: 'mastercard',
          cardLast4: '4444',
          cardExpMonth: 1,
          cardExpYear: 2027,
        }),
      );
    const calls = fakeStripeApi((call) =>
      call.method === 'GET'
        ? setupIntentWithCard(call)
        : Response.json({
            id: 'cs_test_setup',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_setup',
          }),
    );
    const started = await sendJson(client, 'POST', '/api/v1/card/', {
      return_url: '/en/subscription',
    });
    expect(started.status).toBe(200);
    const { id, redirect_url } = await json<{ id: string; redirect_url: string }>(started);
    expect(redirect_url).toBe('https://checkout.stripe.com/c/pay/cs_test_setup');
    expect(calls[0]?.form.get('mode')).toBe('setup');
    expect(calls[0]?.form.get('customer')).toBe('cus_test_1');
    expect(calls[0]?.form.get('success_url')).toMatch(
      new RegExp(`/en/subscription\\?card_setup=${id}$`),
    );
    const status = async () =>
      json<{ status: string; card: unknown }>(await client.get(`/api/v1/card/setups/${id}/`));
    expect((await status()).status).toBe('open');

    const event = stripeEvent('evt_app_setup', 'checkout.session.completed', setupSession(id));
    const { body, header } = signed(event);
    const answer = await postWebhook(body, header);
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({ status: 'processed' });
    const newCard = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2032 };
    expect(await status()).toEqual({ status: 'saved', card: newCard });
    expect(await json(await client.get('/api/v1/card/'))).toEqual({
      card: newCard,
      changeable: true,
    });
    const [auto] = await server()
      .db.select()
      .from(autopayments)
      .where(eq(autopayments.userId, user.id));
    // Later charges take the new card; the plan did not move and nothing was charged.
    expect(auto).toMatchObject({ providerRef: 'cus_test_1:pm_new_card', plan: 'mini' });
    expect(calls.some((call) => call.url.pathname === '/v1/payment_intents')).toBe(false);
  });
});
