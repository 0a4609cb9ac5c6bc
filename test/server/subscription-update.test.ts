import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoiceRequests, subscriptions } from '../../server/db/schema.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { buy, json, signedIn } from './billing.ts';
import { fieldCodes, mailsTo } from './identity.ts';

const server = useTestServer();
const DAY = 24 * 60 * 60 * 1000;

const ENTITY = {
  company_name: 'ООО Карты',
  contact_person: 'Иван Петров',
  contact_email: 'buh@karty.example.com',
  contact_phone: '+7 (495) 123-45-67',
  tax_number: '7701234567',
};

function update(client: TestClient, fields: Record<string, string>, locale = 'ru') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return client.request('/api/subscription/update', {
    method: 'POST',
    body: form,
    headers: { 'Accept-Language': locale },
  });
}

const invoice = (entity: Record<string, string> = ENTITY, plan = 'premium') => ({
  'selected-plan': plan,
  'annual-payment': 'on',
  period: '12',
  'customer-type': 'entity',
  payment_gateway: 'invoice',
  payment_type: 'invoice',
  ...Object.fromEntries(Object.entries(entity).map(([k, v]) => [`form_entity[${k}]`, v])),
});

describe('POST /api/subscription/update: invoice request', () => {
  it('records the request, mails the contact and answers the next page', async () => {
    const { user, client } = await signedIn(server());
    const response = await update(client, invoice());
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ next: '/ru/subscription?scenario=invoiceRequested' });
    const [row] = await server()
      .db.select()
      .from(invoiceRequests)
      .where(eq(invoiceRequests.userId, user.id));
    expect(row).toMatchObject({
      plan: 'premium',
      annualPayment: true,
      amount: 24000,
      currency: 'rub',
      companyName: 'ООО Карты',
      taxNumber: '7701234567',
      bankDetails: '',
    });
    const [mail] = await mailsTo(server(), ENTITY.contact_email);
    expect(mail?.text).toContain('24000 ₽');
  });

  it('points field errors at the entity fields', async () => {
    const { client } = await signedIn(server());
    const bad = { ...ENTITY, contact_phone: '12', contact_email: 'nope', company_name: ' ' };
    const response = await update(client, invoice(bad));
    expect(response.status).toBe(400);
    expect(await fieldCodes(response)).toEqual([
      ['company_name', 'required'],
      ['contact_email', 'email'],
      ['contact_phone', 'phoneNumber'],
    ]);
    const plan = await update(client, invoice(ENTITY, 'gold'));
    expect((await fieldCodes(plan))[0]?.[0]).toBe('selected-plan');
  });

  it('is for the ru locale only (a locale field counts too), and needs sign-in', async () => {
    const { client } = await signedIn(server());
    const en = await update(client, invoice(), 'en');
    expect(en.status).toBe(400);
    expect((await json(en)).code).toBe('plan_unavailable');
    const field = await update(client, { ...invoice(), locale: 'ru' }, 'en');
    expect(field.status).toBe(200);
    expect((await update(server().client(), invoice())).status).toBe(401);
  });
});

describe('POST /api/subscription/update: go-to-free', () => {
  it('moves an unpaid expired subscription to free at once', async () => {
    const { user, client } = await signedIn(server());
    const now = server().clock.now();
    await server()
      .db.insert(subscriptions)
      .values({
        userId: user.id,
        plan: 'mini',
        interval: 'monthly',
        price: 10,
        currency: 'usd',
        expireAt: new Date(now.getTime() - DAY),
        updatedAt: now,
      });
    const response = await update(client, { 'selected-plan': 'free' }, 'en');
    expect(await json(response)).toEqual({ next: '/en/subscription?scenario=cancellation' });
    const sub = await json(await client.get('/api/subscription/'));
    expect(sub.subscription).toMatchObject({ plan: 'free', expire_at: null });
  });

  it('keeps a running plan until expiry, and refuses while autopayment is on', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    const refused = await update(client, { 'selected-plan': 'free' }, 'en');
    expect((await json(refused)).code).toBe('plan_unavailable');
    await server()
      .db.update(subscriptions)
      .set({ canceledAt: null })
      .where(eq(subscriptions.userId, user.id));
    await client.request('/api/autopayment/', { method: 'DELETE' });
    const { autopayment } = await json(await client.get('/api/autopayment/'));
    expect(autopayment).toMatchObject({ status: 'canceled' });
    const ok = await update(client, { 'selected-plan': 'free' }, 'ru');
    expect(await json(ok)).toEqual({ next: '/ru/subscription?scenario=cancellation' });
    const sub = await json(await client.get('/api/subscription/'));
    expect(sub.subscription).toMatchObject({ plan: 'mini', canceled_at: expect.any(String) });
  });
});
