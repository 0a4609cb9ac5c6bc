import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxWebhook, sandboxWebhookKey } from '../../server/billing/providers/sandbox.ts';
import { autopayments, promoCodes } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { checkoutRequest, json, signedIn, startCheckout } from './billing.ts';

const server = useTestServer();

/** A webhook as the sandbox signs it, posted by a client without cookies or CSRF. */
function post(provider: string, event: Parameters<typeof sandboxWebhook>[1], secret?: string) {
  const key = secret ?? sandboxWebhookKey(server().config.sessionSecret, provider as 'stripe');
  const { body, signature } = sandboxWebhook(key, event);
  return server().app.request(`/api/billing/webhooks/${provider}/`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signature },
  });
}

async function status(userId: number) {
  const [row] = await server()
    .db.select()
    .from(autopayments)
    .where(eq(autopayments.userId, userId));
  return row?.status;
}

describe('POST /api/billing/webhooks/:provider/', () => {
  it('settles once: a redelivered event is a duplicate, a later one is ignored', async () => {
    const { user, client } = await signedIn(server());
    const redemptions = async () => {
      const [row] = await server()
        .db.select()
        .from(promoCodes)
        .where(eq(promoCodes.code, 'WELCOME10'));
      return row?.redemptions ?? 0;
    };
    const before = await redemptions();
    const { id } = await startCheckout(client, checkoutRequest({ coupon: 'WELCOME10' }));
    // The redemption is reserved when the checkout starts, not counted at settlement.
    expect(await redemptions()).toBe(before + 1);
    const event = { id: 'evt_1', type: 'payment.succeeded', checkoutId: id } as const;
    const first = await post('stripe', event);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ status: 'processed' });
    expect(await status(user.id)).toBe('active');
    expect(await json(await post('stripe', event))).toEqual({ status: 'duplicate' });
    const late = await post('stripe', { id: 'evt_2', type: 'payment.failed', checkoutId: id });
    expect(await json(late)).toEqual({ status: 'ignored' });
    expect(await status(user.id)).toBe('active');
    expect(await redemptions()).toBe(before + 1);
  });

  it('gives a failure the provider sent without a reason the usual one', async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client, checkoutRequest());
    const failed = await post('stripe', {
      id: 'evt_no_reason',
      type: 'payment.failed',
      checkoutId: id,
    });
    expect(await json(failed)).toEqual({ status: 'processed' });
    const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({ status: 'failed', latest_error: 'The card was declined' });
  });

  it('refuses a wrong signature with 403 and changes nothing', async () => {
    const { user, client } = await signedIn(server());
    const { id } = await startCheckout(client);
    const forged = await post(
      'stripe',
      { id: 'evt_forged', type: 'payment.succeeded', checkoutId: id },
      'x'.repeat(40),
    );
    expect(forged.status).toBe(403);
    expect(await status(user.id)).toBe('pending');
    const unsigned = await server().app.request('/api/billing/webhooks/stripe/', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unsigned.status).toBe(403);
  });

  it("takes an event id of letters, digits and . : - _ only: another is not the provider's", async () => {
    const { user, client } = await signedIn(server());
    const { id } = await startCheckout(client);
    // Signed as the provider signs, each with a character no event id has, anywhere in it.
    for (const bad of [' evt_1', 'evt 1', 'evt/1', 'évt_1', 'evt_1\n', 'evt_1;']) {
      const refused = await post('stripe', { id: bad, type: 'payment.succeeded', checkoutId: id });
      expect(refused.status, JSON.stringify(bad)).toBe(403);
    }
    expect(await status(user.id)).toBe('pending');
    const odd = `evt.1:2-3_${'x'.repeat(90)}`;
    const taken = await post('stripe', { id: odd, type: 'payment.succeeded', checkoutId: id });
    expect(await json(taken)).toEqual({ status: 'processed' });
    expect(await status(user.id)).toBe('active');
    // One character is an id too (a later event: ignored, not refused).
    const short = await post('stripe', { id: 'e', type: 'payment.failed', checkoutId: id });
    expect(await json(short)).toEqual({ status: 'ignored' });
  });

  it('answers 404 for an unknown provider, checkout, or the other provider', async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client);
    const event = { id: 'evt_x', type: 'payment.succeeded', checkoutId: id } as const;
    expect((await post('paypal', event)).status).toBe(404);
    expect((await post('yookassa', event)).status).toBe(404);
    expect((await post('stripe', { ...event, checkoutId: 'co_nope' })).status).toBe(404);
    expect((await post('stripe', { ...event, checkoutId: 'co_\u0000' })).status).toBe(404);
    expect((await post('stripe', { ...event, id: 'evt_\u0000' })).status).toBe(403);
  });
});
