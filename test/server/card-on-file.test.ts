import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardAnswer, CardSetupStatus, PaymentPage } from '../../contract/billing.ts';
import { sandboxWebhook, sandboxWebhookKey } from '../../server/billing/providers/sandbox.ts';
import { expire } from '../../server/billing/settle.ts';
import { autopayments, checkouts, webhookEvents } from '../../server/db/schema.ts';
import { DAY, useTestServer, type TestClient } from './harness.ts';
import { buy, checkoutRequest, json, settle, signedIn, startCheckout } from './billing.ts';

const server = useTestServer();

const VISA = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const MASTERCARD = { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2029 };
const MIR = { brand: 'mir', last4: '0004', exp_month: 9, exp_year: 2031 };

async function card(client: TestClient) {
  const response = await client.get('/api/v1/card/');
  expect(response.status).toBe(200);
  return (await json<CardAnswer>(response)).card;
}

/** POST /api/v1/card/ back to the English subscription page; the sandbox setup's id. */
async function startSetup(client: TestClient) {
  const response = await client.postJson('/api/v1/card/', { return_url: '/en/subscription' });
  expect(response.status).toBe(200);
  const started = await json<{ id: string; redirect_url: string }>(response);
  expect(started.redirect_url).toBe(`${server().config.publicUrl}/sandbox/pay/${started.id}`);
  return started.id;
}

async function setupStatus(client: TestClient, id: string) {
  const response = await client.get(`/api/v1/card/setups/${id}/`);
  expect(response.status).toBe(200);
  return json<CardSetupStatus>(response);
}

/** A settlement as the sandbox posts it for Stripe, signed with Stripe's sandbox key unless another is given. */
function post(event: Parameters<typeof sandboxWebhook>[1], signingKey?: string) {
  const key = signingKey ?? sandboxWebhookKey(server().config.sessionSecret, 'stripe');
  const { body, signature } = sandboxWebhook(key, event);
  return server().app.request('/api/billing/webhooks/stripe/', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signature },
  });
}

async function subscription(client: TestClient) {
  return json<{ subscription: { plan: string; expire_at: string } }>(
    await client.get('/api/subscription/'),
  );
}

async function autopaymentRow(userId: number) {
  const [row] = await server()
    .db.select()
    .from(autopayments)
    .where(eq(autopayments.userId, userId));
  return row;
}

describe('the card on file', () => {
  it('is the card the provider reported at the first payment', async () => {
    const { client } = await signedIn(server());
    expect(await card(client)).toBeNull();
    await buy(server(), client);
    expect(await card(client)).toEqual(VISA);
  });

  it('is the test card chosen on the sandbox page; Russia pays with a Mir card by default', async () => {
    const { client } = await signedIn(server(), { country: 'RU' });
    await buy(server(), client, checkoutRequest({ country: 'RU' }));
    expect(await card(client)).toEqual(MIR);
    const other = await signedIn(server());
    const response = await other.client.postJson('/api/autopayment/', checkoutRequest());
    const { redirect_url } = await json<{ redirect_url: string }>(response);
    const id = redirect_url.split('/').at(-1) ?? '';
    const page = await other.client.get(`/sandbox/pay/${id}`);
    expect(await page.text()).toContain('Mastercard 5555 5555 5555 4444');
    await other.client.postForm(`/sandbox/pay/${id}`, { decision: 'pay', card: 'mastercard' });
    // A card the page does not offer pays with the one it pre-selects.
    const third = await signedIn(server());
    const { id: thirds } = await startCheckout(third.client);
    await third.client.postForm(`/sandbox/pay/${thirds}`, { decision: 'pay', card: 'amex' });
    await settle(server());
    expect(await card(other.client)).toEqual(MASTERCARD);
    expect(await card(third.client)).toEqual(VISA);
  });

  it('changes through a card setup at the provider that charges nothing', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    const before = await subscription(client);
    const id = await startSetup(client);
    expect(await setupStatus(client, id)).toEqual({ status: 'open', card: VISA });
    const page = await client.get(`/sandbox/pay/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Save card');
    const decided = await client.postForm(`/sandbox/pay/${id}`, {
      decision: 'pay',
      card: 'mastercard',
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe(
      `${server().config.publicUrl}/en/subscription?card_setup=${id}`,
    );
    // Submitted, not yet settled: the old card until the provider tells.
    expect(await setupStatus(client, id)).toEqual({ status: 'open', card: VISA });
    await settle(server());
    expect(await setupStatus(client, id)).toEqual({ status: 'saved', card: MASTERCARD });
    expect(await card(client)).toEqual(MASTERCARD);
    // The account's data export names it too.
    const exported = await json<{ billing: { autopayment: { card: unknown } } }>(
      await client.get('/api/v1/profile/export/'),
    );
    expect(exported.billing.autopayment.card).toEqual(MASTERCARD);
    // Nothing charged: the plan, its period and the history as they were.
    expect(await subscription(client)).toEqual(before);
    const history = await json<PaymentPage>(await client.get('/api/v1/payments/'));
    expect(history.payments).toHaveLength(1);
    expect((await autopaymentRow(user.id))?.status).toBe('active');
  });

  it('stays as it was when the new card is declined, cancelled or expires', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    for (const decision of ['decline', 'cancel']) {
      const id = await startSetup(client);
      await client.postForm(`/sandbox/pay/${id}`, { decision, card: 'mastercard' });
      await settle(server());
      expect(await setupStatus(client, id)).toEqual({ status: 'not_saved', card: VISA });
    }
    const id = await startSetup(client);
    expect(await expire(server(), id)).not.toBeNull();
    expect(await setupStatus(client, id)).toEqual({ status: 'not_saved', card: VISA });
    const row = await autopaymentRow(user.id);
    expect(row).toMatchObject({ status: 'active', latestError: null, cardLast4: '4242' });
    expect(await json<PaymentPage>(await client.get('/api/v1/payments/'))).toMatchObject({
      payments: [{ status: 'paid' }],
    });
  });

  it('is the new card when the provider saves it after the setup expired, the plan untouched', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client);
    const before = await subscription(client);
    const id = await startSetup(client);
    expect(await expire(server(), id)).not.toBeNull();
    // The payer finished at the provider just after: a card setup charges nothing.
    const late = await post({
      id: 'evt_late_setup',
      type: 'payment.succeeded',
      checkoutId: id,
      ref: 'sandbox_card_mastercard',
      card: MASTERCARD,
    });
    expect(await json(late)).toEqual({ status: 'processed' });
    expect(await setupStatus(client, id)).toEqual({ status: 'saved', card: MASTERCARD });
    expect(await subscription(client)).toEqual(before);
    expect(await json<PaymentPage>(await client.get('/api/v1/payments/'))).toMatchObject({
      payments: [{ status: 'paid' }],
    });
  });

  it('returns to a page of this site given by its full address, or to its start page', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client);
    const base = server().config.publicUrl;
    for (const return_url of [`${base}/ru/subscription?tab=card`, base]) {
      const response = await client.postJson('/api/v1/card/', { return_url });
      expect(response.status, return_url).toBe(200);
      const { id } = await json<{ id: string }>(response);
      const decided = await client.postForm(`/sandbox/pay/${id}`, { decision: 'cancel' });
      const back = new URL(return_url);
      back.searchParams.set('card_setup', id);
      expect(decided.headers.get('location')).toBe(back.toString());
      await settle(server());
    }
    // Only this very site: an address that merely starts with its name (here another
    // port) is elsewhere.
    const lookalike = await client.postJson('/api/v1/card/', {
      return_url: `${base}0/subscription`,
    });
    expect(lookalike.status).toBe(400);
  });

  it('refuses a setup without a running autopayment, beside an open checkout, or returning elsewhere', async () => {
    const { client } = await signedIn(server());
    const none = await client.postJson('/api/v1/card/', { return_url: '/en/subscription' });
    expect(none.status).toBe(400);
    expect(await json(none)).toMatchObject({ code: 'no_autopayment' });
    await buy(server(), client);
    for (const return_url of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)']) {
      const away = await client.postJson('/api/v1/card/', { return_url });
      expect(away.status).toBe(400);
      expect(await json(away)).toMatchObject({ errors: [{ source: { pointer: 'return_url' } }] });
    }
    const missing = await client.postJson('/api/v1/card/', {});
    expect(missing.status).toBe(400);
    await startSetup(client);
    const second = await client.postJson('/api/v1/card/', { return_url: '/en/subscription' });
    expect(second.status).toBe(409);
    expect(await json(second)).toMatchObject({ code: 'checkout_in_progress' });
    const change = await client.request('/api/autopayment/', {
      method: 'PATCH',
      body: JSON.stringify({ ...checkoutRequest({ plan: 'premium' }), provider: undefined }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(change.status).toBe(409);
  });
});

describe('the card on file and renewals', () => {
  it('is the card the next renewal charges', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    const id = await startSetup(client);
    // The sandbox's card that attaches but whose charges are refused.
    await client.postForm(`/sandbox/pay/${id}`, { decision: 'pay_fails_later' });
    await settle(server());
    expect(await card(client)).toEqual({
      brand: 'visa',
      last4: '0341',
      exp_month: 10,
      exp_year: 2030,
    });
    server().clock.advance(32 * DAY);
    await server().worker.tick();
    expect(await autopaymentRow(user.id)).toMatchObject({
      status: 'failed',
      latestError: 'The card was declined (sandbox)',
    });
  });

  it('charges the new card once a refused one is replaced', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    for (const decision of ['pay_fails_later', 'pay']) {
      const id = await startSetup(client);
      await client.postForm(`/sandbox/pay/${id}`, { decision, card: 'mastercard' });
      await settle(server());
    }
    expect(await card(client)).toEqual(MASTERCARD);
    server().clock.advance(32 * DAY);
    await server().worker.tick();
    expect(await autopaymentRow(user.id)).toMatchObject({ status: 'active', latestError: null });
    const rows = await server().db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(rows.filter((row) => row.kind === 'renewal')).toMatchObject([{ status: 'paid' }]);
  });

  it('lets a setup left open expire, then renews with the card saved before', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    const id = await startSetup(client);
    server().clock.advance(32 * DAY);
    await server().worker.tick();
    await server().worker.tick();
    // (The session has ended meanwhile: read straight from the database.)
    expect(await autopaymentRow(user.id)).toMatchObject({
      status: 'active',
      latestError: null,
      cardLast4: '4242',
    });
    const renewals = await server()
      .db.select()
      .from(checkouts)
      .where(eq(checkouts.userId, user.id));
    expect(renewals.find((row) => row.id === id)?.status).toBe('expired');
    expect(renewals.filter((row) => row.kind === 'renewal')).toMatchObject([{ status: 'paid' }]);
  });
});

describe("another user's card", () => {
  it('is never shown nor changed: setups and sandbox pages of others are 404', async () => {
    const owner = await signedIn(server());
    await buy(server(), owner.client);
    const id = await startSetup(owner.client);
    const attacker = await signedIn(server());
    expect(await card(attacker.client)).toBeNull();
    expect((await attacker.client.get(`/api/v1/card/setups/${id}/`)).status).toBe(404);
    expect((await attacker.client.get(`/sandbox/pay/${id}`)).status).toBe(404);
    const post = await attacker.client.postForm(`/sandbox/pay/${id}`, {
      decision: 'pay',
      card: 'mastercard',
    });
    expect(post.status).toBe(404);
    expect((await attacker.client.get('/api/v1/card/setups/not-an-id/')).status).toBe(404);
    const anonymous = server().client();
    expect((await anonymous.get('/api/v1/card/')).status).toBe(401);
    await settle(server());
    expect(await setupStatus(owner.client, id)).toEqual({ status: 'open', card: VISA });
    const [row] = await server().db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(row?.status).toBe('pending');
  });

  it('is not set by a forged or replayed settlement', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client);
    const id = await startSetup(client);
    const event = {
      id: 'evt_card_1',
      type: 'payment.succeeded',
      checkoutId: id,
      card: MASTERCARD,
    } as const;
    const forged = await post({ ...event, card: { ...MASTERCARD, last4: '6666' } }, 'x'.repeat(40));
    expect(forged.status).toBe(403);
    expect(await card(client)).toEqual(VISA);
    expect(await json(await post(event))).toEqual({ status: 'processed' });
    expect(await card(client)).toEqual(MASTERCARD);
    // A second setup to Visa; the first's event again (same id, or a new one) changes nothing.
    const next = await startSetup(client);
    await client.postForm(`/sandbox/pay/${next}`, { decision: 'pay', card: 'visa' });
    await settle(server());
    expect(await card(client)).toEqual(VISA);
    expect(await json(await post(event))).toEqual({ status: 'duplicate' });
    expect(await json(await post({ ...event, id: 'evt_card_2' }))).toEqual({
      status: 'ignored',
    });
    expect(await card(client)).toEqual(VISA);
    const events = await server().db.select().from(webhookEvents);
    expect(events.filter((row) => row.eventId.startsWith('evt_card_'))).toHaveLength(2);
  });
});
