import { describe, expect, it } from 'vitest';
import { planChangeCost, type Target } from '../../server/billing/plan-change-cost.ts';
import type { CurrentSubscription } from '../../server/billing/subscription.ts';
import { inTimeZone } from './time-zone.ts';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

/** Mini monthly at 10 dollars, its period ending `daysLeft` days after `now`. */
const mini = (now: string, daysLeft: number, fields: Partial<CurrentSubscription> = {}) =>
  ({
    plan: 'mini',
    interval: 'monthly',
    price: 10,
    currency: 'usd',
    expireAt: new Date(at(now).getTime() + daysLeft * DAY),
    canceledAt: null,
    stored: true,
    ...fields,
  }) satisfies CurrentSubscription;

const premiumMonthly: Target = { plan: 'premium', interval: 'monthly' };
const premiumYearly: Target = { plan: 'premium', interval: 'yearly' };

function cost(
  current: CurrentSubscription,
  now: string,
  target: Target,
  price: number,
  extra: { creditPrice?: number; percentOff?: number; currency?: 'usd' | 'rub' | 'eur' } = {},
) {
  const result = planChangeCost({
    current,
    now: at(now),
    target,
    currency: extra.currency ?? 'usd',
    price,
    creditPrice: extra.creditPrice ?? price,
    ...(extra.percentOff === undefined ? {} : { percentOff: extra.percentOff }),
  });
  return { ...result, nextPaymentAt: result.nextPaymentAt.toISOString() };
}

/** The expectations, all in UTC; each zone below runs them all. */
function costCases() {
  it('credits the unused days at the current price and buys whole days of the new plan', () => {
    // 15 of 30 days of 10 dollars are worth 5; premium at 30 a month is 1 a day: 5 days,
    // after 31 January + a month clamped to 28 February.
    expect(
      cost(mini('2027-01-31T10:00:00.000Z', 15), '2027-01-31T10:00:00.000Z', premiumMonthly, 30),
    ).toEqual({
      currency: 'usd',
      price: 30,
      chargedNow: 30,
      credit: { amount: 5, currency: 'usd', days: 5 },
      nextPaymentAt: '2027-03-05T10:00:00.000Z',
      nextPaymentAmount: 30,
    });
  });

  it('ends a month from 31 January on 29 February in a leap year', () => {
    const free = mini('2028-01-31T10:00:00.000Z', 0, { plan: 'free', price: 0, expireAt: null });
    expect(cost(free, '2028-01-31T10:00:00.000Z', premiumMonthly, 30)).toMatchObject({
      chargedNow: 30,
      credit: { amount: 0, days: 0 },
      nextPaymentAt: '2028-02-29T10:00:00.000Z',
    });
  });

  it('ends a year from 29 February on 28 February, then the credited days', () => {
    // 30 days of 10 dollars are worth 10; premium at 300 a year is 300/365 a day: 12 days.
    expect(
      cost(mini('2028-02-29T10:00:00.000Z', 30), '2028-02-29T10:00:00.000Z', premiumYearly, 300),
    ).toMatchObject({
      chargedNow: 300,
      credit: { amount: 10, currency: 'usd', days: 12 },
      nextPaymentAt: '2029-03-12T10:00:00.000Z',
      nextPaymentAmount: 300,
    });
  });

  it('counts the part of a day left and rounds the credit down, near midnight UTC', () => {
    // 10.5 days of 10 dollars: 3.5 dollars, 3 whole days of premium; 31 March + a month
    // is 30 April.
    const current = mini('2027-03-31T23:30:00.000Z', 10.5);
    expect(cost(current, '2027-03-31T23:30:00.000Z', premiumMonthly, 30)).toMatchObject({
      credit: { amount: 3, days: 3 },
      nextPaymentAt: '2027-05-03T23:30:00.000Z',
    });
  });

  it('gives no credit from an ended period, a free plan or a free price', () => {
    const now = '2027-01-31T10:00:00.000Z';
    const ended = mini(now, -1);
    expect(cost(ended, now, premiumMonthly, 30).credit).toEqual({
      amount: 0,
      currency: 'usd',
      days: 0,
    });
    const gift = mini(now, 20, { price: 0 });
    expect(cost(gift, now, premiumMonthly, 30).credit.days).toBe(0);
    expect(cost(mini(now, 20), now, premiumMonthly, 0, { creditPrice: 0 }).credit.days).toBe(0);
  });

  it('values the credit in the current currency and charges in the checkout one', () => {
    // A rouble subscription (790 a month, 15 days left: 395 roubles) moving to a dollar
    // checkout: the days are bought at the target's rouble price (2990 a month).
    const current = mini('2027-06-01T10:00:00.000Z', 15, { price: 790, currency: 'rub' });
    expect(
      cost(current, '2027-06-01T10:00:00.000Z', premiumMonthly, 30, {
        creditPrice: 2990,
        currency: 'usd',
      }),
    ).toMatchObject({
      currency: 'usd',
      chargedNow: 30,
      credit: { amount: 395, currency: 'rub', days: 3 },
      nextPaymentAt: '2027-07-04T10:00:00.000Z',
    });
  });

  it("takes a promo code's percent off the charge now, not off the next payment", () => {
    const now = '2027-12-31T10:00:00.000Z';
    expect(cost(mini(now, 0), now, premiumMonthly, 30, { percentOff: 20 })).toMatchObject({
      chargedNow: 24,
      nextPaymentAmount: 30,
      nextPaymentAt: '2028-01-31T10:00:00.000Z',
    });
  });
}

describe('planChangeCost in the process time zone', costCases);

describe.each([
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/New_York',
  'Europe/Moscow',
  'Australia/Lord_Howe',
])('planChangeCost with TZ=%s', (zone) => {
  inTimeZone(zone);

  it('runs in that zone', () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
  });

  costCases();
});
