import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runChargeJob } from '../../server/billing/charge.ts';
import { autopayments, checkouts, promoCodes } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { autopaymentRow, checkoutRequest, json, pendingCheckoutRow, signedIn } from './billing.ts';

const server = useTestServer({
  env: { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) },
});

describe('billing in production without provider keys', () => {
  it('seeds the promo codes', async () => {
    const codes = await server().db.select({ code: promoCodes.code }).from(promoCodes);
    expect(codes.map((c) => c.code).sort()).toEqual([
      'EXPIRED',
      'SMALL5',
      'TWICE',
      'USEDUP',
      'WELCOME10',
    ]);
  });

  it('offers no sandbox: checkout is unavailable and the page is absent', async () => {
    const { client } = await signedIn(server());
    const response = await client.postJson('/api/autopayment/', checkoutRequest());
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('plan_unavailable');
    expect((await client.get('/sandbox/pay/co_anything')).status).toBe(404);
    const webhook = await server().app.request('/api/billing/webhooks/stripe/', {
      method: 'POST',
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });

  it('offers no card change for an autopayment whose provider has no keys', async () => {
    const { client, user } = await signedIn(server());
    await server().db.insert(autopayments).values(autopaymentRow(user.id));
    const response = await client.postJson('/api/v1/card/', { return_url: '/en/subscription' });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('plan_unavailable');
  });

  it('fails a renewal whose provider has no keys any more, and tells the payer', async () => {
    const { client, user } = await signedIn(server());
    const { db } = server();
    await db.insert(autopayments).values(autopaymentRow(user.id));
    const id = 'co_renewal_without_keys';
    await db.insert(checkouts).values(pendingCheckoutRow(id, user.id, 'renewal', new Date()));
    await runChargeJob(server(), { checkoutId: id }, 0);
    const [failed] = await db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(failed).toMatchObject({ status: 'failed', error: 'No payment provider' });
    const { autopayment } = await json<{ autopayment: Record<string, unknown> }>(
      await client.get('/api/autopayment/'),
    );
    expect(autopayment).toMatchObject({ status: 'failed', latest_error: 'No payment provider' });
  });
});
