import { describe, expect, it } from 'vitest';
import { promoCodes } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { buy, checkoutRequest, decide, signedIn, startCheckout } from './billing.ts';

/*
 * The sandbox payment provider's hosted page (decisions: sandbox providers), as a payer
 * sees it: what is paid for, in the currency of the payer's country (RU pays in roubles,
 * the euro countries in euros, the others in dollars), the provider's usual test card
 * chosen, and the closed, foreign and unknown checkouts refused as a provider would.
 * Mini costs 790 ₽, $10 or €9 a month (server/seed.ts).
 */
const server = useTestServer();

/** The page's title, its definition list and the chosen card, as text. */
function facts(html: string) {
  const rows = [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(([, term, value]) => [
    term,
    value,
  ]);
  const cards = [
    ...html.matchAll(/<input type="radio" name="card" value="(\w+)"( checked)?> ([^<]*)/g),
  ];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    rows: Object.fromEntries(rows),
    pay: /value="pay">([^<]*)<\/button>/.exec(html)?.[1],
    cards: cards.map(([, card, , label]) => `${card}: ${label?.trim()}`),
    checked: cards.filter(([, , checked]) => checked).map(([, card]) => card),
  };
}

const CARDS = [
  'visa: Visa 4242 4242 4242 4242, expires 12/2030',
  'mastercard: Mastercard 5555 5555 5555 4444, expires 11/2029',
  'mir: Mir 2200 0000 0000 0004, expires 09/2031',
];

describe('the sandbox checkout page', () => {
  it('shows a Stripe payment in dollars with its promo code, the Visa card chosen', async () => {
    await server()
      .db.insert(promoCodes)
      .values({ code: 'SANDBOXTEN', percent: 10, maxRedemptions: 5 });
    const { client } = await signedIn(server(), { country: 'GB' });
    const { id } = await startCheckout(client, checkoutRequest({ coupon: 'sandboxten' }));
    const page = await client.get(`/sandbox/pay/${id}`);
    expect(page.status).toBe(200);
    expect(facts(await page.text())).toEqual({
      title: 'Stripe sandbox: pay',
      rows: {
        Plan: 'mini',
        'Billing period': 'monthly',
        Amount: '$9',
        Currency: 'USD',
        'Promo code': 'SANDBOXTEN',
      },
      pay: 'Pay $9',
      cards: CARDS,
      checked: ['visa'],
    });
  });

  it('shows a YooKassa payment in roubles, the Mir card chosen, no promo code', async () => {
    const { client } = await signedIn(server(), { country: 'RU' });
    const { id } = await startCheckout(
      client,
      checkoutRequest({ country: 'RU', plan: 'mini', interval: 'monthly' }),
    );
    const { title, rows, pay, checked } = facts(
      await (await client.get(`/sandbox/pay/${id}`)).text(),
    );
    expect({ title, rows, pay, checked }).toEqual({
      title: 'YooKassa sandbox: pay',
      rows: { Plan: 'mini', 'Billing period': 'monthly', Amount: '790 ₽', Currency: 'RUB' },
      pay: 'Pay 790 ₽',
      checked: ['mir'],
    });
  });

  it('shows a payment in euros for a euro country', async () => {
    const { client } = await signedIn(server(), { country: 'DE' });
    const { id } = await startCheckout(client, checkoutRequest({ country: 'DE' }));
    const { rows, pay } = facts(await (await client.get(`/sandbox/pay/${id}`)).text());
    expect([rows['Amount'], rows['Currency'], pay]).toEqual(['€9', 'EUR', 'Pay €9']);
  });

  it('shows a card change as saving a card, charging nothing', async () => {
    const { client } = await signedIn(server(), { country: 'GB' });
    await buy(server(), client);
    const started = await client.postJson('/api/v1/card/', { return_url: '/en/subscription' });
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as { id: string };
    const html = await (await client.get(`/sandbox/pay/${id}`)).text();
    expect(facts(html)).toMatchObject({
      title: 'Stripe sandbox: change card',
      rows: {},
      pay: 'Save card',
      checked: ['visa'],
    });
    expect(html).toContain('nothing is charged');
  });

  it('refuses a submitted payment, a form without a decision, and what is not the payer’s', async () => {
    const { client } = await signedIn(server(), { country: 'GB' });
    const { id } = await startCheckout(client);
    const other = await signedIn(server(), { country: 'GB' });
    for (const foreign of [
      await other.client.get(`/sandbox/pay/${id}`),
      await other.client.postForm(`/sandbox/pay/${id}`, { decision: 'pay' }),
      await server().client().get(`/sandbox/pay/${id}`),
    ]) {
      expect(foreign.status).toBe(404);
      const html = await foreign.text();
      expect(facts(html).title).toBe('Not found');
      expect(html).toContain('There is no such checkout.');
    }
    const undecided = await client.request(`/sandbox/pay/${id}`, { method: 'POST' });
    expect(undecided.status).toBe(400);
    const html = await undecided.text();
    expect(facts(html).title).toBe('Bad request');
    expect(html).toContain('Choose Pay, Decline or Cancel.');
    expect((await decide(client, id, 'pay')).status).toBe(303);
    for (const closed of [
      await client.get(`/sandbox/pay/${id}`),
      await decide(client, id, 'pay'),
    ]) {
      expect(closed.status).toBe(409);
      const html = await closed.text();
      expect(facts(html).title).toBe('Payment closed');
      expect(html).toContain('This payment has been submitted already');
    }
  });
});
