import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SubscriptionAnswer } from '../../contract/billing.ts';
import { addPeriod } from '../../server/billing/subscription.ts';
import { useTestServer } from './harness.ts';
import { json, setPlan, signedIn } from './billing.ts';
import { fieldCodes } from './identity.ts';

const server = useTestServer();

describe('GET /api/subscription/ and the previews', () => {
  it.each([
    '/api/subscription/',
    '/api/subscription/convertion/?plan=mini&interval=monthly',
    '/api/subscription/in_advance/?plan=mini&interval=monthly',
  ])('%s needs sign-in', async (path) => {
    const response = await server().client().get(path);
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe('not_authenticated');
  });

  it('puts a user without a subscription on free in the currency of the country', async () => {
    const { client } = await signedIn(server(), { country: 'FR' });
    const answer = v.parse(SubscriptionAnswer, await json(await client.get('/api/subscription/')));
    expect(answer.subscription).toEqual({
      plan: 'free',
      interval: 'monthly',
      price: 0,
      currency: 'eur',
      autopayment: false,
      autopayment_status: null,
      expire_at: null,
      canceled_at: null,
      team_plan: null,
    });
  });

  it('converts nothing from free and ends the next period a month or a year on', async () => {
    const { client } = await signedIn(server());
    const conversion = await client.get(
      '/api/subscription/convertion/?plan=premium&interval=yearly',
    );
    expect(await json(conversion)).toEqual({ additional_days: 0 });
    const now = server().clock.now();
    const monthly = await json<{ expire_at: string }>(
      await client.get('/api/subscription/in_advance/?plan=mini&interval=monthly'),
    );
    // The calendar rule itself (month ends, leap days) is pinned in periods.test.ts.
    expect(monthly.expire_at).toBe(addPeriod(now, 'monthly').toISOString());
  });

  it('converts the unused part of a paid period into days of the new plan', async () => {
    const { user, client } = await signedIn(server(), { country: 'RU' });
    const now = server().clock.now();
    // Mini monthly, 790 ₽, 15 of 30 days left: 395 ₽ of value.
    await setPlan(server(), user.id, 'mini', 15, { price: 790, currency: 'rub' });
    // Premium monthly, 2500 ₽ for 30 days: 395 ₽ buys 4.74 days.
    const toPremium = await client.get(
      '/api/subscription/convertion/?plan=premium&interval=monthly',
    );
    expect(await json(toPremium)).toEqual({ additional_days: 4 });
    const advance = await json<{ expire_at: string }>(
      await client.get('/api/subscription/in_advance/?plan=premium&interval=monthly'),
    );
    expect(advance.expire_at).toBe(addPeriod(now, 'monthly', 4).toISOString());
    const answer = v.parse(SubscriptionAnswer, await json(await client.get('/api/subscription/')));
    expect(answer.subscription).toMatchObject({ plan: 'mini', price: 790, currency: 'rub' });
    const toFree = await client.get('/api/subscription/convertion/?plan=free&interval=monthly');
    expect(await json(toFree)).toEqual({ additional_days: 0 });
  });

  it('points bad query values at plan and interval', async () => {
    const { client } = await signedIn(server());
    const response = await client.get('/api/subscription/convertion/?plan=gold&interval=weekly');
    expect(response.status).toBe(400);
    expect((await fieldCodes(response)).map(([pointer]) => pointer)).toEqual(['plan', 'interval']);
  });
});
