import { describe, expect, it } from 'vitest';
import type { CardAnswer } from '../../contract/billing.ts';
import { autopayments } from '../../server/db/schema.ts';
import { autopaymentRow, json, signedIn } from './billing.ts';
import { useTestServer } from './harness.ts';

/*
 * Whether the card can be changed here: only on an active autopayment at a provider that
 * takes a card-only setup. YooKassa (configured here, so its real adapter serves it) has
 * none, so its payers are offered no change, and a change asked for anyway is refused
 * before the provider is called; Stripe, not configured, is served by the sandbox, whose
 * page takes one.
 */
const server = useTestServer({
  env: { YOOKASSA_SHOP_ID: 'shop', YOOKASSA_SECRET_KEY: 'key' },
});

async function answer(fields?: Partial<typeof autopayments.$inferInsert>) {
  const { user, client } = await signedIn(server());
  if (fields) await server().db.insert(autopayments).values(autopaymentRow(user.id, fields));
  const response = await client.get('/api/v1/card/');
  expect(response.status).toBe(200);
  return { client, answer: await json<CardAnswer>(response) };
}

describe('a card change', () => {
  it('is offered on an active autopayment at a provider that takes one', async () => {
    expect((await answer({ provider: 'stripe' })).answer).toEqual({ card: null, changeable: true });
  });

  it('is not offered without an active autopayment', async () => {
    expect((await answer()).answer.changeable).toBe(false);
    for (const status of ['pending', 'failed', 'canceled'] as const) {
      expect((await answer({ provider: 'stripe', status })).answer.changeable).toBe(false);
    }
  });

  it('is not offered to a YooKassa payer, and refused if asked for, without calling YooKassa', async () => {
    const { client, answer: shown } = await answer({
      provider: 'yookassa',
      cardBrand: 'mir',
      cardLast4: '0004',
      cardExpMonth: 9,
      cardExpYear: 2031,
    });
    expect(shown).toEqual({
      card: { brand: 'mir', last4: '0004', exp_month: 9, exp_year: 2031 },
      changeable: false,
    });
    const started = await client.postJson('/api/v1/card/', { return_url: '/ru/subscription' });
    expect(started.status).toBe(400);
    expect((await json<{ code: string }>(started)).code).toBe('plan_unavailable');
  });
});
