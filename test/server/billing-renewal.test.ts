import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SANDBOX_DECLINED,
  sandboxWebhook,
  sandboxWebhookKey,
} from '../../server/billing/providers/sandbox.ts';
import { SETTLEMENT_QUEUE } from '../../server/billing/sandbox-settlement.ts';
import { checkouts } from '../../server/db/schema.ts';
import { openQueue } from '../../server/jobs/queue.ts';
import { queueDefinitions } from '../../server/queues.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { DAY, useTestServer, type TestClient } from './harness.ts';
import {
  buy,
  checkoutRequest,
  decide,
  json,
  pendingCheckoutRow,
  sendJson,
  setPlan,
  settle,
  signedIn,
  startCheckout,
} from './billing.ts';

const server = useTestServer();

type Sub = { plan: string; expire_at: string | null; canceled_at: string | null; price: number };
const subscription = async (client: TestClient) =>
  (await json<{ subscription: Sub }>(await client.get('/api/subscription/'))).subscription;

/**
 * Sessions end after a week unused: after moving the clock further, sign in again.
 * (Keep the clock within a year: cookies may not expire more than 400 real days ahead.)
 */
async function again(username: string): Promise<TestClient> {
  const client = server().client();
  await client.postForm('/api/auth/login/', { login: username, password: 'Secret-pass-1' });
  return client;
}

describe('renewal and expiry on schedule', () => {
  it('renews an active autopayment at expire_at with a new period', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client, checkoutRequest({ coupon: 'WELCOME10' }));
    const first = await subscription(client);
    expect(first.price).toBe(9);
    server().clock.advance(20 * DAY);
    await server().worker.tick();
    expect((await subscription(await again(user.username))).expire_at).toBe(first.expire_at);
    server().clock.advance(12 * DAY);
    await server().worker.tick();
    const renewed = await subscription(await again(user.username));
    expect(renewed.plan).toBe('mini');
    // The promo code was for the first payment: renewals pay the plan's price.
    expect(renewed.price).toBe(10);
    expect(new Date(renewed.expire_at ?? '').getTime()).toBeGreaterThan(
      server().clock.now().getTime() + 27 * DAY,
    );
    const paid = await server()
      .db.select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, user.id), eq(checkouts.kind, 'renewal')));
    expect(paid).toMatchObject([{ status: 'paid', amount: 10 }]);
    // The autopayment still names the code it was bought with (section 6's coupon).
    const renewedClient = await again(user.username);
    const { autopayment } = await json<{ autopayment: { coupon: string; status: string } }>(
      await renewedClient.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({ status: 'active', coupon: 'WELCOME10' });
    // The next tick finds nothing due: no second charge.
    await server().worker.tick();
    expect(await server().db.$count(checkouts, eq(checkouts.userId, user.id))).toBe(2);
  });

  it('moves a canceled subscription to free at expire_at, not before', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client, checkoutRequest({ plan: 'premium' }));
    expect((await sendJson(client, 'DELETE', '/api/autopayment/')).status).toBe(204);
    server().clock.advance(20 * DAY);
    await server().worker.tick();
    expect((await subscription(await again(user.username))).plan).toBe('premium');
    server().clock.advance(12 * DAY);
    await server().worker.tick();
    const later = await again(user.username);
    expect(await subscription(later)).toMatchObject({
      plan: 'free',
      price: 0,
      expire_at: null,
      canceled_at: null,
    });
    expect((await later.get('/api/autopayment/')).status).toBe(404);
  });

  it('moves a plan paid without an autopayment (by invoice) to free at its end', async () => {
    const { user, client } = await signedIn(server());
    await setPlan(server(), user.id, 'premium', 1);
    server().clock.advance(2 * DAY);
    await server().worker.tick();
    expect(await subscription(client)).toMatchObject({ plan: 'free', expire_at: null });
  });

  it('moves to free when the renewal payment fails', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    server().clock.advance(32 * DAY);
    // A renewal the provider has not answered yet (a real provider's charge is async),
    // started at expiry: younger than CHECKOUT_TTL_MINUTES, so the worker waits for it.
    await server()
      .db.insert(checkouts)
      .values(pendingCheckoutRow('co_renewal_pending', user.id, 'renewal', server().clock.now()));
    await server().worker.tick();
    const waiting = await again(user.username);
    expect((await subscription(waiting)).plan).toBe('mini');
    const { body, signature } = sandboxWebhook(
      sandboxWebhookKey(server().config.sessionSecret, 'stripe'),
      {
        id: 'evt_renewal_failed',
        type: 'payment.failed',
        checkoutId: 'co_renewal_pending',
        error: 'Insufficient funds',
      },
    );
    const hook = await server().app.request('/api/billing/webhooks/stripe/', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signature },
    });
    expect(hook.status).toBe(200);
    expect((await json(await waiting.get('/api/autopayment/'))).autopayment).toMatchObject({
      status: 'failed',
      latest_error: 'Insufficient funds',
    });
    await server().worker.tick();
    expect((await subscription(waiting)).plan).toBe('free');
  });

  it('keeps the reason of a refused renewal readable, then lets the user buy again', async () => {
    const { user, client } = await signedIn(server());
    const { id } = await startCheckout(client);
    expect((await decide(client, id, 'pay_fails_later')).status).toBe(303);
    await settle(server());
    expect((await subscription(client)).plan).toBe('mini');
    server().clock.advance(32 * DAY);
    await server().worker.tick();
    const later = await again(user.username);
    const renewals = await server()
      .db.select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, user.id), eq(checkouts.kind, 'renewal')));
    expect(renewals).toMatchObject([{ status: 'failed', error: SANDBOX_DECLINED }]);
    // The sandbox card refused the renewal: free at the next tick, the reason kept.
    await server().worker.tick();
    // The subscription says there is a failed autopayment, so the page asks for its reason.
    expect(await subscription(later)).toMatchObject({
      plan: 'free',
      autopayment: false,
      autopayment_status: 'failed',
    });
    expect((await json(await later.get('/api/autopayment/'))).autopayment).toMatchObject({
      status: 'failed',
      latest_error: SANDBOX_DECLINED,
    });
    await buy(server(), later);
    expect((await json(await later.get('/api/autopayment/'))).autopayment).toMatchObject({
      status: 'active',
      latest_error: null,
    });
    expect((await subscription(later)).plan).toBe('mini');
  });

  it('retries a webhook delivery that failed, with the same event id', async () => {
    const { client } = await signedIn(server());
    const start = await client.postJson('/api/autopayment/', checkoutRequest());
    const id = /co_[\w-]+/.exec((await json(start)).redirect_url as string)?.[0] ?? '';
    await client.postForm(`/sandbox/pay/${id}`, { decision: 'pay' });
    // Another process of the same queue, whose first delivery fails.
    const { config, db, logger, clock, handle } = server();
    const events: string[] = [];
    const flaky = await openQueue(
      handle.jobsTarget,
      queueDefinitions({
        config,
        db,
        logger,
        clock,
        mailer: createMailer({ config, db, logger, clock }),
        deliver: async (request) => {
          events.push(((await request.clone().json()) as { id: string }).id);
          return events.length === 1
            ? new Response('down', { status: 503 })
            : server().app.request(request);
        },
      }),
      { logger, work: false },
    );
    try {
      await flaky.drain([SETTLEMENT_QUEUE]);
      const failed = logger.entries.find((e) => e.message === 'webhook delivery failed');
      expect(failed?.fields).toMatchObject({ status: 503 });
      // pg-boss retries after its back-off delay, in real seconds.
      await vi.waitFor(
        async () => {
          await flaky.drain([SETTLEMENT_QUEUE]);
          expect(events).toHaveLength(2);
        },
        { timeout: 20_000, interval: 500 },
      );
    } finally {
      await flaky.stop();
    }
    expect(events[1]).toBe(events[0]);
    expect((await json(await client.get('/api/autopayment/'))).autopayment).toMatchObject({
      status: 'active',
    });
  });
});
