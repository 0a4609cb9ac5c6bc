import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoiceRequests, subscriptions } from '../../server/db/schema.ts';
import { useTestServer, type TestClient } from './harness.ts';
import { buy, checkoutRequest, json, setPlan, signedIn } from './billing.ts';
import { fieldCodes, mailsTo } from './identity.ts';

const server = useTestServer();

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
    // The page names the plan asked for: the subscription stays as it is until paid.
    expect(await json(response)).toEqual({
      next: '/ru/subscription?scenario=invoiceRequested&plan=premium',
    });
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
    expect(mail?.subject).toBe('Запрос счёта получен');
    expect(mail?.text).toContain('тариф Premium, оплата за год, 24 000 ₽');
    // The account holder is told too, since the contact is another address: in the
    // page's language, with whom the invoice goes to.
    const [own] = await mailsTo(server(), user.email);
    expect(own?.subject).toBe('Вы запросили счёт');
    expect(own?.text).toContain('тариф Premium, оплата за год, 24 000 ₽');
    expect(own?.text).toContain(ENTITY.contact_email);
  });

  it('mails the account holder once when they are the contact themselves', async () => {
    const { user, client } = await signedIn(server());
    const response = await update(client, invoice({ ...ENTITY, contact_email: user.email }));
    expect(response.status).toBe(200);
    const mails = await mailsTo(server(), user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Запрос счёта получен']);
  });

  it('refuses a plan whose year is below the invoice minimum, storing and mailing nothing', async () => {
    const { user, client } = await signedIn(server());
    // Mini's year is 7 900 ₽, below the default 20 000 ₽.
    const contact = 'mini-buyer@karty.example.com';
    const response = await update(client, invoice({ ...ENTITY, contact_email: contact }, 'mini'));
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invoice_below_minimum' });
    expect(await server().db.$count(invoiceRequests, eq(invoiceRequests.userId, user.id))).toBe(0);
    expect(await mailsTo(server(), contact)).toEqual([]);
    expect(await mailsTo(server(), user.email)).toEqual([]);
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
    // Only a whole `form_entity[name]` names an entity field.
    const { company_name, ...rest } = ENTITY;
    const unclosed = await update(client, {
      ...invoice(rest),
      'form_entity[company_name)': company_name,
    });
    expect(await fieldCodes(unclosed)).toEqual([['company_name', 'required']]);
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

// The page the minimum is written into: the served index.html, with its empty meta.
const staticDir = path.join(tmpdir(), `portal-invoice-${process.pid}-${Date.now()}`);
beforeAll(async () => {
  await mkdir(staticDir, { recursive: true });
  await copyFile('index.html', path.join(staticDir, 'index.html'));
});
afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});

describe('the invoice minimum (INVOICE_MINIMUM_RUB)', () => {
  const atPremium = useTestServer({
    env: { INVOICE_MINIMUM_RUB: '24000', STATIC_DIR: staticDir },
  });
  const abovePremium = useTestServer({ env: { INVOICE_MINIMUM_RUB: '24001' } });

  it('takes a year at the minimum and refuses one a rouble below it', async () => {
    const at = await signedIn(atPremium());
    expect((await update(at.client, invoice())).status).toBe(200);
    const above = await signedIn(abovePremium());
    const refused = await update(above.client, invoice());
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toBe('invoice_below_minimum');
  });

  it('writes the same minimum into the page the checkout reads', async () => {
    const page = await atPremium().client().get('/ru/subscription/update');
    expect(await page.text()).toContain('<meta name="portal-invoice-minimum" content="24000" />');
    expect(await readFile('index.html', 'utf8')).toContain(
      '<meta name="portal-invoice-minimum" content="" />',
    );
  });
});

describe('POST /api/subscription/update: go-to-free', () => {
  it('moves an unpaid expired subscription to free at once', async () => {
    const { user, client } = await signedIn(server());
    await setPlan(server(), user.id, 'mini', -1, { price: 10 });
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

describe("the account's data export", () => {
  it('holds its subscription, each payment and each invoice request, with their times', async () => {
    const { user, client } = await signedIn(server(), { country: 'GB' });
    await buy(server(), client, checkoutRequest({ coupon: 'WELCOME10' }));
    expect((await update(client, invoice())).status).toBe(200);
    const [row] = await server()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const { billing } = await json<{ billing: Record<string, unknown> }>(
      await client.get('/api/v1/profile/export/'),
    );
    expect(billing['subscription']).toEqual({
      plan: 'mini',
      interval: 'monthly',
      price: 9,
      currency: 'usd',
      expire_at: row?.expireAt?.toISOString(),
      canceled_at: null,
    });
    expect(billing['autopayment']).toEqual({
      provider: 'stripe',
      status: 'active',
      plan: 'mini',
      interval: 'monthly',
      coupon: 'WELCOME10',
      user_data: { first_name: 'Ann', second_name: 'Lee', email: 'ann@example.com', country: 'GB' },
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });
    const [payment, ...others] = billing['payments'] as Record<string, unknown>[];
    expect(others).toEqual([]);
    expect(payment).toEqual({
      kind: 'create',
      provider: 'stripe',
      status: 'paid',
      plan: 'mini',
      interval: 'monthly',
      amount: 9,
      currency: 'usd',
      coupon: 'WELCOME10',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      settled_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const requests = billing['invoice_requests'] as Record<string, unknown>[];
    expect(requests).toEqual([
      expect.objectContaining({
        plan: 'premium',
        amount: 24000,
        currency: 'rub',
        companyName: ENTITY.company_name,
        contactEmail: ENTITY.contact_email,
        taxNumber: ENTITY.tax_number,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      }),
    ]);
    // The rows' own keys are not the user's data.
    expect(requests[0]).not.toHaveProperty('id');
    expect(requests[0]).not.toHaveProperty('userId');
    expect(requests[0]).not.toHaveProperty('createdAt');
  });
});
