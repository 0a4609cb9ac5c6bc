import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Payment, PaymentPage } from '../../contract/billing.ts';
import { MAX_PAYMENTS_PAGE, PAYMENTS_PAGE_SIZE } from '../../server/billing/payments.ts';
import { checkouts, payments, promoCodes } from '../../server/db/schema.ts';
import { DAY, useTestServer, type TestClient } from './harness.ts';
import {
  buy,
  checkoutRequest,
  decide,
  json,
  requestInvoice,
  settle,
  signedIn,
  startCheckout,
} from './billing.ts';
import { miniPaidByCard } from '../fixtures/billing.ts';
import { pdfFacts, pdfLines, pdfText } from './pdf.ts';
import { receiptPdf } from '../../server/billing/receipt.ts';
import { EXAMPLE_SELLER } from '../../contract/site.ts';

const server = useTestServer();

const history = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/v1/payments/${query}`);
  expect(response.status).toBe(200);
  return json<PaymentPage>(response);
};

/** The receipt's text as a PDF reader finds it, after checking it is a PDF. */
async function receipt(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  // Opened in the browser's tab, saved under the payment's own name.
  const id = /\/payments\/([^/]+)\/receipt\//.exec(url)?.[1];
  expect(response.headers.get('content-disposition')).toBe(`inline; filename="receipt-${id}.pdf"`);
  const bytes = await response.arrayBuffer();
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return pdfText(bytes);
}

/** A day as the receipt writes it. */
const day = (iso: string | null, locale: 'en' | 'ru') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso ?? 0),
  );

describe('the payment history', () => {
  it('is empty for a user who never paid', async () => {
    const { client } = await signedIn(server());
    expect(await history(client)).toEqual({ payments: [], next_page: null });
  });

  it('lists a paid card payment with the period it bought, and its receipt', async () => {
    const { user, client } = await signedIn(server(), { firstName: 'Ann', lastName: 'Lee' });
    await buy(server(), client);
    const { payments: rows, next_page } = await history(client);
    expect(next_page).toBeNull();
    expect(rows).toHaveLength(1);
    const [paid] = rows as [Payment];
    expect(paid).toMatchObject(miniPaidByCard(paid.id));
    expect(paid.id).toMatch(/^co_/);
    const subscription = await json<{ subscription: { expire_at: string } }>(
      await client.get('/api/subscription/'),
    );
    expect(paid.period_end).toBe(subscription.subscription.expire_at);
    expect(paid.period_start).toBe(paid.created_at);

    const text = await receipt(client, paid.receipt_url ?? '');
    for (const said of [
      'Payment receipt',
      'Example GIS Ltd.',
      '1 Example Street, Example City, 101000',
      'Tax ID: 7700000000',
      `Ann Lee, ${user.email}`,
      `Payment ID: ${paid.id}`,
      `Date of payment: ${day(paid.created_at, 'en')}`,
      'Plan: Mini, monthly',
      `Period: ${day(paid.period_start, 'en')} – ${day(paid.period_end, 'en')}`,
      'Amount paid: $10',
      'Including VAT 20%: $1.67',
      'Paid by card through: Stripe',
    ]) {
      expect(text).toContain(said);
    }
    // No promo code: no price and discount lines.
    expect(text).not.toContain('Discount');
  });

  it('names the promo code and its discount, and writes the receipt in Russian', async () => {
    await server().db.insert(promoCodes).values({ code: 'AUTUMN20', percent: 20 });
    const { client } = await signedIn(server(), {
      firstName: 'Иван',
      lastName: 'Петров',
      country: 'RU',
      locale: 'ru',
    });
    await buy(server(), client, checkoutRequest({ country: 'RU', coupon: 'autumn20' }));
    const [paid] = (await history(client)).payments as [Payment];
    expect(paid).toMatchObject({
      amount: 632,
      currency: 'rub',
      discount: 158,
      coupon: 'AUTUMN20',
      provider: 'yookassa',
      status: 'paid',
    });
    // The account's language, unless the page names one.
    for (const url of [paid.receipt_url ?? '', `${paid.receipt_url}?locale=ru`]) {
      const text = await receipt(client, url);
      for (const said of [
        'Квитанция об оплате',
        'Продавец ООО «Пример ГИС»',
        '101000, г. Пример, ул. Примерная, д. 1',
        'ИНН: 7700000000',
        'Покупатель Иван Петров',
        `Номер платежа: ${paid.id}`,
        'Тариф: Mini, помесячно',
        `Период: ${day(paid.period_start, 'ru')} – ${day(paid.period_end, 'ru')}`,
        'Цена: 790 ₽',
        'Скидка (промокод AUTUMN20): −158 ₽',
        'Оплачено: 632 ₽',
        'В том числе НДС 20%: 105.33 ₽',
        'Оплачено картой через: ЮKassa',
      ]) {
        expect(text).toContain(said);
      }
    }
    const english = await receipt(client, `${paid.receipt_url}?locale=en`);
    expect(english).toContain('Discount (promo code AUTUMN20): −158 ₽');
    expect(english).toContain('Plan: Mini, monthly');
    expect(english).toContain('Price: 790 ₽');
    expect(english).toContain('Paid by card through: YooKassa');
  });

  it('lists a declined payment as failed, without a receipt', async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client, checkoutRequest());
    expect((await decide(client, id, 'decline')).status).toBe(303);
    await settle(server());
    const [failed] = (await history(client)).payments as [Payment];
    expect(failed).toMatchObject({
      id,
      status: 'failed',
      receipt_url: null,
      period_start: null,
      period_end: null,
    });
    expect((await client.get(`/api/v1/payments/${id}/receipt/`)).status).toBe(404);
  });

  it('lists nothing for a checkout the payer cancelled: nothing was charged', async () => {
    const { client } = await signedIn(server());
    const { id } = await startCheckout(client, checkoutRequest());
    expect((await decide(client, id, 'cancel')).status).toBe(303);
    await settle(server());
    expect(await history(client)).toEqual({ payments: [], next_page: null });
  });

  it('lists an invoice request as requested, newest first, without a receipt', async () => {
    const { client } = await signedIn(server(), { country: 'RU', locale: 'ru' });
    await buy(server(), client, checkoutRequest({ country: 'RU' }));
    server().clock.advance(DAY);
    expect((await requestInvoice(client)).status).toBe(200);
    const rows = (await history(client)).payments;
    expect(rows.map((row) => row.status)).toEqual(['invoice_requested', 'paid']);
    const [invoice] = rows as [Payment];
    expect(invoice).toMatchObject({
      plan: 'premium',
      interval: 'yearly',
      currency: 'rub',
      provider: 'invoice',
      receipt_url: null,
    });
    expect(invoice.id).toMatch(/^inv_\d+$/);
    // An invoice the portal has not seen paid has no receipt.
    expect((await client.get(`/api/v1/payments/${invoice.id}/receipt/`)).status).toBe(404);
  });

  it('pages newest first, only the user’s own', async () => {
    const { user, client } = await signedIn(server());
    const other = await signedIn(server());
    const start = server().clock.now().getTime();
    const count = 2 * PAYMENTS_PAGE_SIZE + 5;
    for (const [owner, n] of [
      [user.id, count],
      [other.user.id, PAYMENTS_PAGE_SIZE],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const id = `co_page${owner}_${i}`;
        const at = new Date(start + i * DAY);
        await server().db.insert(checkouts).values({
          id,
          userId: owner,
          kind: 'create',
          provider: 'stripe',
          status: 'paid',
          plan: 'mini',
          interval: 'monthly',
          amount: 10,
          currency: 'usd',
          createdAt: at,
          settledAt: at,
        });
        await server()
          .db.insert(payments)
          .values({
            checkoutId: id,
            userId: owner,
            status: 'paid',
            provider: 'stripe',
            plan: 'mini',
            interval: 'monthly',
            amount: 10,
            currency: 'usd',
            periodStart: at,
            periodEnd: new Date(at.getTime() + 30 * DAY),
            createdAt: at,
          });
      }
    }
    const seen: string[] = [];
    let page: number | null = 1;
    const pages: number[] = [];
    while (page !== null) {
      const answer = await history(client, `?page=${page}`);
      pages.push(answer.payments.length);
      seen.push(...answer.payments.map((row) => row.id));
      page = answer.next_page;
    }
    expect(pages).toEqual([PAYMENTS_PAGE_SIZE, PAYMENTS_PAGE_SIZE, 5]);
    expect(seen).toEqual(
      Array.from({ length: count }, (_, i) => `co_page${user.id}_${count - 1 - i}`),
    );
    // The other user's payments are theirs only, one full page and no next one, and so
    // are their receipts.
    const others = await history(other.client);
    expect(others.payments).toHaveLength(PAYMENTS_PAGE_SIZE);
    expect(others.next_page).toBeNull();
    expect((await client.get(`/api/v1/payments/co_page${other.user.id}_0/receipt/`)).status).toBe(
      404,
    );
    expect(
      (await other.client.get(`/api/v1/payments/co_page${other.user.id}_0/receipt/`)).status,
    ).toBe(200);
    // A page past the end is empty.
    for (const page of ['9', '10', String(MAX_PAYMENTS_PAGE)])
      expect(await history(client, `?page=${page}`)).toEqual({ payments: [], next_page: null });
  });
});

describe('the receipt as a reader shows it', () => {
  const bytesOf = async (client: TestClient, url: string) => {
    const response = await client.get(url);
    expect(response.status).toBe(200);
    return response.arrayBuffer();
  };

  it('is one A4 page in the asked language, titled by its payment, a line for each fact', async () => {
    // No names: the buyer is the username.
    const { user, client } = await signedIn(server(), { firstName: '', lastName: '' });
    await buy(server(), client);
    const [paid] = (await history(client)).payments as [Payment];
    const url = paid.receipt_url ?? '';
    const en = await bytesOf(client, url);
    expect(await pdfFacts(en)).toEqual({
      pages: 1,
      size: [595, 842],
      title: `Payment receipt ${paid.id}`,
      author: 'Example GIS Ltd.',
      language: 'en',
    });
    expect(await pdfLines(en)).toEqual([
      'Payment receipt',
      'Seller',
      'Example GIS Ltd.',
      '1 Example Street, Example City, 101000',
      'Tax ID: 7700000000',
      'Buyer',
      `${user.username}, ${user.email}`,
      `Payment ID: ${paid.id}`,
      `Date of payment: ${day(paid.created_at, 'en')}`,
      'Paid by card through: Stripe',
      'Plan: Mini, monthly',
      `Period: ${day(paid.period_start, 'en')} – ${day(paid.period_end, 'en')}`,
      'Amount paid: $10',
      'Including VAT 20%: $1.67',
    ]);
    const ru = await bytesOf(client, `${url}?locale=ru`);
    expect(await pdfFacts(ru)).toMatchObject({
      title: `Квитанция об оплате ${paid.id}`,
      author: 'ООО «Пример ГИС»',
      language: 'ru',
    });
    expect(await pdfLines(ru)).toEqual([
      'Квитанция об оплате',
      'Продавец',
      'ООО «Пример ГИС»',
      '101000, г. Пример, ул. Примерная, д. 1',
      'ИНН: 7700000000',
      'Покупатель',
      `${user.username}, ${user.email}`,
      `Номер платежа: ${paid.id}`,
      `Дата оплаты: ${day(paid.created_at, 'ru')}`,
      'Оплачено картой через: Stripe',
      'Тариф: Mini, помесячно',
      `Период: ${day(paid.period_start, 'ru')} – ${day(paid.period_end, 'ru')}`,
      'Оплачено: $10',
      'В том числе НДС 20%: $1.67',
    ]);
  });

  it('names a yearly period in both languages', async () => {
    const { client } = await signedIn(server());
    await buy(server(), client, checkoutRequest({ interval: 'yearly' }));
    const [paid] = (await history(client)).payments as [Payment];
    const url = paid.receipt_url ?? '';
    expect(await pdfLines(await bytesOf(client, url))).toContain('Plan: Mini, yearly');
    expect(await pdfLines(await bytesOf(client, `${url}?locale=ru`))).toContain(
      'Тариф: Mini, за год',
    );
  });

  it('writes no tax line for a seller whose prices include none', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    const [row] = await server().db.select().from(payments).where(eq(payments.userId, user.id));
    if (!row) throw new Error('no payment recorded');
    for (const locale of ['en', 'ru'] as const) {
      const lines = await pdfLines(
        await receiptPdf(row, user, { ...EXAMPLE_SELLER, tax: null }, locale),
      );
      expect(lines.at(-1)).toBe(locale === 'en' ? 'Amount paid: $10' : 'Оплачено: $10');
      expect(lines.join(' ')).not.toMatch(/VAT|НДС|Including|В том числе/);
    }
  });
});

describe('what the payments API refuses', () => {
  it('answers a bad page with the section-8 field error', async () => {
    const { client } = await signedIn(server());
    for (const page of ['0', '-1', 'abc', '1.5', String(MAX_PAYMENTS_PAGE + 1), '']) {
      const response = await client.get(`/api/v1/payments/?page=${page}`);
      expect(response.status).toBe(400);
      const body = await json<{ errors: { source: { pointer: string } }[] }>(response);
      expect(body.errors[0]?.source.pointer).toBe('page');
    }
  });

  it('finds no receipt for an id not of a payment, and nothing for a stranger', async () => {
    const { client } = await signedIn(server());
    for (const id of [
      'inv_1',
      'co_',
      'co_nope',
      '1',
      '..%2F..%2Fetc',
      'co_a%00b',
      'x'.repeat(300),
    ]) {
      const response = await client.get(`/api/v1/payments/${id}/receipt/`);
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ code: 'not_found' });
    }
    const stranger = server().client();
    expect((await stranger.get('/api/v1/payments/')).status).toBe(401);
    expect((await stranger.get('/api/v1/payments/co_abc/receipt/')).status).toBe(401);
  });
});
