import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PROVIDER_SILENT } from '../../server/billing/checkout.ts';
import { PROVIDER_DOWN } from '../../server/billing/providers/provider.ts';
import {
  SIGNATURE_HEADER,
  sandboxWebhook,
  sandboxWebhookKey,
  signSandboxBody,
} from '../../server/billing/providers/sandbox.ts';
import {
  autopayments,
  checkouts,
  invoiceRequests,
  promoCodes,
  subscriptions,
  webhookEvents,
} from '../../server/db/schema.ts';
import { DAY, useTestServer, type TestClient, type TestServer } from '../server/harness.ts';
import {
  autopaymentRow,
  checkoutRequest,
  decide,
  json,
  requestInvoice,
  sendJson,
  setPlan,
  settle,
  signedIn,
  startCheckout,
} from '../server/billing.ts';
import { fieldCodes, mailsTo } from '../server/identity.ts';

const server = useTestServer({ env: { PROVIDER_TIMEOUT_SECONDS: '1' } });
/** The constant SESSION_SECRET fell back to before the secret was made per install. */
const OLD_SECRET = 'development-only-secret-never-use-in-production';

const withTwice = () => checkoutRequest({ coupon: 'TWICE' });
const start = (client: TestClient) => client.postJson('/api/autopayment/', withTwice());

async function redemptions(): Promise<number> {
  const [row] = await server()
    .db.select({ redemptions: promoCodes.redemptions })
    .from(promoCodes)
    .where(eq(promoCodes.code, 'TWICE'));
  return row?.redemptions ?? -1;
}

async function checkoutRow(id: string) {
  const [row] = await server().db.select().from(checkouts).where(eq(checkouts.id, id));
  return row;
}

async function openCheckouts(test: TestServer, userIds: number[]) {
  return test.db
    .select()
    .from(checkouts)
    .where(
      and(inArray(checkouts.userId, userIds), inArray(checkouts.status, ['pending', 'submitted'])),
    );
}

/** The refusal a used-up code gets: the field error at `coupon`, as before reservations. */
async function expectUsedUp(response: Response) {
  expect(response.status).toBe(400);
  const body = await json<{ errors: { detail: string }[] }>(response.clone());
  expect(body.errors[0]?.detail).toBe('err_expired_count');
  expect(await fieldCodes(response)).toEqual([['coupon', 'invalid_input']]);
}

/** Cancels on the sandbox page and lets the settlement arrive. */
async function cancel(client: TestClient, id: string) {
  expect((await decide(client, id, 'cancel')).status).toBe(303);
  await settle(server());
}

function postWebhook(provider: string, body: string, signature?: string) {
  return server().app.request(`/api/billing/webhooks/${provider}/`, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }),
    },
  });
}

function signedEvent(event: Parameters<typeof sandboxWebhook>[1]) {
  const key = sandboxWebhookKey(server().config.sessionSecret, 'stripe');
  const { body, signature } = sandboxWebhook(key, event);
  return postWebhook('stripe', body, signature);
}

beforeEach(async () => {
  // Every test counts TWICE's two redemptions from nothing.
  await server().db.update(promoCodes).set({ redemptions: 0 }).where(eq(promoCodes.code, 'TWICE'));
});

describe('a promo code limited to 2 redemptions', () => {
  it('is redeemed by exactly 2 of 6 payers starting one after another', async () => {
    const payers = [];
    for (let i = 0; i < 6; i++) {
      const { user, client } = await signedIn(server());
      payers.push({ user, client, response: await start(client) });
    }
    expect(payers.map((p) => p.response.status)).toEqual([200, 200, 400, 400, 400, 400]);
    for (const refused of payers.slice(2)) await expectUsedUp(refused.response);
    for (const { client, response } of payers.slice(0, 2)) {
      const { redirect_url } = await json<{ redirect_url: string }>(response);
      const id = redirect_url.split('/').at(-1) ?? '';
      expect((await decide(client, id, 'pay')).status).toBe(303);
    }
    await settle(server());
    const paid = await server()
      .db.select()
      .from(checkouts)
      .where(
        and(
          inArray(
            checkouts.userId,
            payers.map((p) => p.user.id),
          ),
          eq(checkouts.coupon, 'TWICE'),
        ),
      );
    expect(paid.map((c) => c.status)).toEqual(['paid', 'paid']);
    expect(await redemptions()).toBe(2);
  });

  it('is redeemed by exactly 2 of 8 users starting at the same time', async () => {
    const payers = [];
    for (let i = 0; i < 8; i++) payers.push(await signedIn(server()));
    const responses = await Promise.all(payers.map(({ client }) => start(client)));
    const won = responses.filter((r) => r.status === 200);
    expect(won).toHaveLength(2);
    for (const refused of responses.filter((r) => r.status !== 200)) await expectUsedUp(refused);
    expect(await redemptions()).toBe(2);
    const open = await openCheckouts(
      server(),
      payers.map((p) => p.user.id),
    );
    expect(open.map((c) => c.coupon)).toEqual(['TWICE', 'TWICE']);
    // A refused start leaves no autopayment behind.
    const autos = await server()
      .db.select()
      .from(autopayments)
      .where(
        inArray(
          autopayments.userId,
          payers.map((p) => p.user.id),
        ),
      );
    expect(autos).toHaveLength(2);
    for (const checkout of open) {
      const payer = payers.find((p) => p.user.id === checkout.userId);
      if (payer) await cancel(payer.client, checkout.id);
    }
    expect(await redemptions()).toBe(0);
  });

  it('gets a redemption back from a declined and from a cancelled payment', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signedIn(server())));
    if (!a || !b || !c || !d) throw new Error('no payers');
    const first = await startCheckout(a.client, withTwice());
    const second = await startCheckout(b.client, withTwice());
    await expectUsedUp(await start(c.client));
    expect((await decide(a.client, first.id, 'decline')).status).toBe(303);
    await settle(server());
    expect(await redemptions()).toBe(1);
    const third = await startCheckout(c.client, withTwice());
    await expectUsedUp(await start(d.client));
    await cancel(b.client, second.id);
    expect(await redemptions()).toBe(1);
    const fourth = await startCheckout(d.client, withTwice());
    expect(await redemptions()).toBe(2);
    await cancel(c.client, third.id);
    await cancel(d.client, fourth.id);
    expect(await redemptions()).toBe(0);
  });
});

describe('open checkouts expire after CHECKOUT_TTL_MINUTES', () => {
  it('a pending or submitted checkout is expired by the worker, its code given back', async () => {
    const ttl = server().config.payments.checkoutTtlMs;
    const a = await signedIn(server());
    const b = await signedIn(server());
    const c = await signedIn(server());
    const first = await startCheckout(a.client, withTwice());
    const second = await startCheckout(b.client, withTwice());
    await expectUsedUp(await start(c.client));
    // A payment submitted at a provider that never sends its webhook.
    await server().db.insert(checkouts).values({
      id: 'co_submitted_forever',
      userId: c.user.id,
      kind: 'create',
      provider: 'stripe',
      status: 'submitted',
      plan: 'mini',
      interval: 'monthly',
      amount: 10,
      currency: 'usd',
      createdAt: server().clock.now(),
    });
    server().clock.advance(ttl - 60_000);
    await server().worker.tick();
    expect((await checkoutRow(first.id))?.status).toBe('pending');
    server().clock.advance(61_000);
    await server().worker.tick();
    for (const id of [first.id, second.id, 'co_submitted_forever']) {
      expect((await checkoutRow(id))?.status).toBe('expired');
    }
    expect(await redemptions()).toBe(0);
    const { autopayment } = await json<{ autopayment: { status: string } }>(
      await a.client.get('/api/autopayment/'),
    );
    expect(autopayment.status).toBe('canceled');
    // The page is closed, and the payers may start again (the code is free again).
    expect((await decide(a.client, first.id, 'pay')).status).toBe(409);
    const again = await startCheckout(a.client, withTwice());
    expect(again.id).not.toBe(first.id);
    const third = await startCheckout(c.client, withTwice());
    expect(await redemptions()).toBe(2);
    await cancel(a.client, again.id);
    await cancel(c.client, third.id);
  });

  it('a late succeeded webhook for an expired checkout grants the plan once', async () => {
    const { user, client } = await signedIn(server());
    const { id } = await startCheckout(client, withTwice());
    server().clock.advance(server().config.payments.checkoutTtlMs + 1000);
    await server().worker.tick();
    expect((await checkoutRow(id))?.status).toBe('expired');
    expect(await redemptions()).toBe(0);
    // Failures for it change nothing: it is closed already.
    for (const type of ['payment.failed', 'payment.canceled'] as const) {
      const late = await signedEvent({ id: `evt_late_${type}`, type, checkoutId: id });
      expect(await json(late)).toEqual({ status: 'ignored' });
    }
    expect((await checkoutRow(id))?.status).toBe('expired');
    const paid = await signedEvent({
      id: 'evt_late_paid',
      type: 'payment.succeeded',
      checkoutId: id,
    });
    expect(await json(paid)).toEqual({ status: 'processed' });
    expect((await checkoutRow(id))?.status).toBe('paid');
    const [granted] = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(granted).toMatchObject({ plan: 'mini', price: 9 });
    const { autopayment } = await json<{ autopayment: { status: string; coupon: string } }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({ status: 'active', coupon: 'TWICE' });
    // The payer paid with the code: it counts again.
    expect(await redemptions()).toBe(1);
    server().clock.advance(1000);
    const twice = await signedEvent({
      id: 'evt_late_paid_again',
      type: 'payment.succeeded',
      checkoutId: id,
    });
    expect(await json(twice)).toEqual({ status: 'ignored' });
    const [after] = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(after?.expireAt).toEqual(granted?.expireAt);
    expect(await redemptions()).toBe(1);
  });
});

describe('the return and the webhook of one payment at the same moment', () => {
  it('settle it once: one grant, one redemption, one processed event', async () => {
    const { user, client } = await signedIn(server());
    const { id } = await startCheckout(client, withTwice());
    expect(await redemptions()).toBe(1);
    // The payer presses Pay twice (a double click, a second tab): one settlement is due.
    const pays = await Promise.all([decide(client, id, 'pay'), decide(client, id, 'pay')]);
    expect(pays.map((answer) => answer.status).sort()).toEqual([303, 409]);
    // Back to the return page, which polls the API below (the page itself is static).
    const back = pays.find((answer) => answer.status === 303)?.headers.get('location');
    expect(back).toContain('payment-attempt-status=success');
    server().clock.advance(server().config.payments.sandboxSettleSeconds * 1000);
    // At one moment: the provider's queued settlement, the same event redelivered, a
    // second event for the same payment, and the payer's return page polling.
    const event = { type: 'payment.succeeded', checkoutId: id } as const;
    const [, first, again, second, ...polls] = await Promise.all([
      server().worker.tick(),
      signedEvent({ id: `evt_race_${id}`, ...event }),
      signedEvent({ id: `evt_race_${id}`, ...event }),
      signedEvent({ id: `evt_race2_${id}`, ...event }),
      client.get('/api/subscription/'),
      client.get('/api/autopayment/'),
      client.get('/api/autopayment/'),
    ]);
    for (const answer of [first, again, second]) expect(answer.status).toBe(200);
    await server().worker.tick();
    for (const poll of polls) expect(poll.status).toBe(200);
    // Four deliveries (the queued settlement, the event twice, the second event): the
    // log tells each one's outcome, and exactly one settled the payment.
    const outcomes = server()
      .logger.entries.filter((entry) => entry.message === 'payment event')
      .filter((entry) => entry.fields.checkout === id)
      .map((entry) => String(entry.fields.outcome))
      .sort();
    expect(outcomes).toEqual(['duplicate', 'ignored', 'ignored', 'processed']);
    expect(await server().db.$count(webhookEvents)).toBeGreaterThanOrEqual(3);
    expect((await checkoutRow(id))?.status).toBe('paid');
    const granted = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ plan: 'mini', price: 9 });
    expect(await redemptions()).toBe(1);
    const { autopayment } = await json<{ autopayment: { status: string } }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment.status).toBe('active');
  });
});

describe('webhooks', () => {
  it('refuse unsigned, badly signed, old-secret and other-provider events (403)', async () => {
    const { user, client } = await signedIn(server());
    const { id } = await startCheckout(client);
    const event = { id: 'evt_forgery', type: 'payment.succeeded', checkoutId: id } as const;
    const secret = server().config.sessionSecret;
    const { body } = sandboxWebhook(sandboxWebhookKey(secret, 'stripe'), event);
    const other = sandboxWebhook(sandboxWebhookKey(secret, 'yookassa'), event);
    const forgeries = [
      undefined,
      '',
      `sha256=${'0'.repeat(64)}`,
      signSandboxBody(sandboxWebhookKey(secret, 'stripe'), `${body} `),
      signSandboxBody(OLD_SECRET, body),
      signSandboxBody(sandboxWebhookKey(OLD_SECRET, 'stripe'), body),
      other.signature,
    ];
    for (const signature of forgeries) {
      expect((await postWebhook('stripe', body, signature)).status).toBe(403);
    }
    expect((await checkoutRow(id))?.status).toBe('pending');
    const [auto] = await server()
      .db.select()
      .from(autopayments)
      .where(eq(autopayments.userId, user.id));
    expect(auto?.status).toBe('pending');
    // The same body under the right key is taken: the refusals were the signatures.
    expect(await json(await signedEvent(event))).toEqual({ status: 'processed' });
  });
});

describe('a payment provider that accepts the connection and never answers', () => {
  const hanging = useTestServer({
    env: { PROVIDER_TIMEOUT_SECONDS: '1', STRIPE_SECRET_KEY: 'sk_test_never_answers' },
  });
  let answering = false;
  const signals: (AbortSignal | undefined)[] = [];

  /** Stripe's API as seen from here: silent until aborted, or a session once it answers. */
  function stripeApi(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const signal = init?.signal ?? undefined;
    signals.push(signal);
    if (answering) {
      return Promise.resolve(
        Response.json({ id: 'cs_1', url: 'https://checkout.stripe.com/cs_1' }),
      );
    }
    return new Promise((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  }

  beforeEach(() => {
    answering = false;
    signals.length = 0;
    vi.stubGlobal('fetch', stripeApi);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
    const begin = performance.now();
    const result = await call();
    return { result, ms: performance.now() - begin };
  }

  it('a checkout start answers 502 within the timeout and does not block the payer', async () => {
    const { user, client } = await signedIn(hanging());
    const { result, ms } = await timed(() =>
      client.postJson('/api/autopayment/', checkoutRequest({ coupon: 'TWICE' })),
    );
    expect(result.status).toBe(502);
    expect((await json(result)).code).toBe('payment_failed');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(3000);
    // The adapter's request was aborted, not left running.
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(await openCheckouts(hanging(), [user.id])).toEqual([]);
    const [failed] = await hanging()
      .db.select()
      .from(checkouts)
      .where(eq(checkouts.userId, user.id));
    expect(failed).toMatchObject({ status: 'failed', error: PROVIDER_SILENT });
    const [code] = await hanging().db.select().from(promoCodes).where(eq(promoCodes.code, 'TWICE'));
    expect(code?.redemptions).toBe(0);
    const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({ status: 'failed', latest_error: PROVIDER_SILENT });
    answering = true;
    const next = await client.postJson('/api/autopayment/', checkoutRequest({ coupon: 'TWICE' }));
    expect(next.status).toBe(200);
    expect(await json(next)).toEqual({ redirect_url: 'https://checkout.stripe.com/cs_1' });
  });

  it('a plan change answers 502 within the timeout and keeps the running plan', async () => {
    const { user, client } = await signedIn(hanging());
    const now = hanging().clock.now();
    await setPlan(hanging(), user.id, 'mini', 20, { price: 10 });
    await hanging()
      .db.insert(autopayments)
      .values(autopaymentRow(user.id, { providerRef: 'cus_1:pm_1', updatedAt: now }));
    const { provider: _, ...change } = checkoutRequest({ plan: 'premium' });
    const { result, ms } = await timed(() =>
      sendJson(client, 'PATCH', '/api/autopayment/', change),
    );
    expect(result.status).toBe(502);
    expect((await json(result)).code).toBe('payment_failed');
    expect(ms).toBeLessThan(3000);
    expect(signals[0]?.aborted).toBe(true);
    expect(await openCheckouts(hanging(), [user.id])).toEqual([]);
    const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({
      status: 'active',
      plan: 'mini',
      latest_error: PROVIDER_SILENT,
    });
    const { subscription } = await json<{ subscription: { plan: string } }>(
      await client.get('/api/subscription/'),
    );
    expect(subscription.plan).toBe('mini');
  });
});

describe('a payment provider that resets the connection', () => {
  const resetting = useTestServer({
    env: { PROVIDER_TIMEOUT_SECONDS: '5', STRIPE_SECRET_KEY: 'sk_test_resets' },
  });
  let resets: 'connect' | 'body' | 'none' = 'connect';
  let calls = 0;

  /** What undici gives when the peer resets the socket: TypeError('fetch failed') caused by ECONNRESET. */
  function connectionReset(): TypeError {
    const cause = Object.assign(new Error('read ECONNRESET'), {
      code: 'ECONNRESET',
      errno: -104,
      syscall: 'read',
    });
    return new TypeError('fetch failed', { cause });
  }

  /** Stripe's API as seen from here: reset before any answer, reset in the middle of the body, or a session. */
  function stripeApi(): Promise<Response> {
    calls += 1;
    if (resets === 'connect') return Promise.reject(connectionReset());
    if (resets === 'body') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":"cs_1","url":"https://chec'));
          controller.error(connectionReset());
        },
      });
      return Promise.resolve(
        new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    }
    return Promise.resolve(Response.json({ id: 'cs_1', url: 'https://checkout.stripe.com/cs_1' }));
  }

  beforeEach(() => {
    calls = 0;
    vi.stubGlobal('fetch', stripeApi);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function twiceRedemptions(): Promise<number> {
    const [code] = await resetting()
      .db.select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'TWICE'));
    return code?.redemptions ?? -1;
  }

  it.each(['connect', 'body'] as const)(
    'a checkout start reset at %s answers 502 at once, leaves no open checkout or used code, and the retry works',
    async (where) => {
      resets = where;
      const { user, client } = await signedIn(resetting());
      const redeemed = await twiceRedemptions();
      const begin = performance.now();
      const failed = await client.postJson('/api/autopayment/', withTwice());
      const ms = performance.now() - begin;
      expect(failed.status).toBe(502);
      expect((await json(failed)).code).toBe('payment_failed');
      // Well inside the 5 s timeout: a reset is a failure now, not a wait for the deadline.
      expect(ms).toBeLessThan(2500);
      expect(calls).toBe(1);
      expect(await openCheckouts(resetting(), [user.id])).toEqual([]);
      const rows = await resetting()
        .db.select()
        .from(checkouts)
        .where(eq(checkouts.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'failed', error: PROVIDER_DOWN, redirectUrl: null });
      // The code's use was given back with the failed checkout.
      expect(await twiceRedemptions()).toBe(redeemed);
      const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(
        await client.get('/api/autopayment/'),
      );
      expect(autopayment).toMatchObject({ status: 'failed', latest_error: PROVIDER_DOWN });

      resets = 'none';
      const retry = await client.postJson('/api/autopayment/', withTwice());
      expect(retry.status).toBe(200);
      expect(await json(retry)).toEqual({ redirect_url: 'https://checkout.stripe.com/cs_1' });
      expect(await openCheckouts(resetting(), [user.id])).toHaveLength(1);
      expect(await twiceRedemptions()).toBe(redeemed + 1);
    },
  );
});

describe('invoice requests', () => {
  const contact = 'invoices@karty.example.com';

  const invoice = (client: TestClient) => requestInvoice(client, { contact });

  it('at most 3 a day per account: the 4th answers 429 and sends no mail', async () => {
    const { user, client } = await signedIn(server());
    for (let i = 0; i < 3; i++) expect((await invoice(client)).status).toBe(200);
    expect(await mailsTo(server(), contact)).toHaveLength(3);
    const fourth = await invoice(client);
    expect(fourth.status).toBe(429);
    expect((await json(fourth)).code).toBe('too_many_requests');
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await mailsTo(server(), contact)).toHaveLength(3);
    expect(await server().db.$count(invoiceRequests, eq(invoiceRequests.userId, user.id))).toBe(3);
    // Per account: another one is not held back by it.
    const other = await signedIn(server());
    expect((await invoice(other.client)).status).toBe(200);
    server().clock.advance(DAY);
    expect((await invoice(client)).status).toBe(200);
  });
});
