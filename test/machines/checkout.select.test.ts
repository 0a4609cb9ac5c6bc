import { describe, expect, it } from 'vitest';
import type { AvailablePlan, Currency, Price } from '../../contract/billing.ts';
import { checkoutFigures, checkoutScreen } from '../../machines/checkout.select.ts';

// Section 4 and docs/decisions/0305: what the checkout shows, from the spec's rules.
const money =
  (currency: Currency) =>
  (amount: number): Price => ({ amount, currency });
const rub = money('rub');
const usd = money('usd');
const premium: AvailablePlan = {
  id: 'premium',
  name: 'Premium',
  monthlyPrice: rub(2500),
  yearlyPrice: rub(30000),
  monthlyPriceDiscounted: null,
  yearlyPriceDiscounted: rub(24000),
  discount_annual: 20,
};
const mini: AvailablePlan = {
  id: 'mini',
  name: 'Mini',
  monthlyPrice: rub(790),
  yearlyPrice: rub(7900),
  monthlyPriceDiscounted: null,
  yearlyPriceDiscounted: null,
  discount_annual: null,
};

const figures = (over: Partial<Parameters<typeof checkoutFigures>[0]> = {}) =>
  checkoutFigures({
    context: { plan: 'premium', period: 'monthly', payerType: 'entity', serverErrors: {} },
    promo: null,
    plan: premium,
    subscription: { plan: 'free' },
    locale: 'ru',
    entityOrders: true,
    invoiceMinimum: 20000,
    ...over,
  });

describe('checkout figures', () => {
  it('an invoice pays a year at the yearly price, whichever period was chosen', () => {
    const shown = figures();
    expect(shown.payerType).toBe('entity');
    expect(shown.period).toBe('yearly');
    expect(shown.price).toEqual(rub(24000));
    expect(shown.old).toEqual(rub(30000));
    expect(shown.discount).toBe(20);
  });

  it('offers no invoice in English, where orders are off, or below the minimum', () => {
    for (const over of [
      { locale: 'en' as const },
      { entityOrders: false },
      { invoiceMinimum: 24001 },
      { invoiceMinimum: null },
    ]) {
      const shown = figures(over);
      expect(shown.payerType, JSON.stringify(over)).toBe('individual');
      expect(shown.period, JSON.stringify(over)).toBe('monthly');
      expect(shown.price, JSON.stringify(over)).toEqual(rub(2500));
      expect(shown.discount, JSON.stringify(over)).toBeNull();
    }
    // At the minimum exactly, the invoice is offered.
    expect(figures({ invoiceMinimum: 24000 }).payerType).toBe('entity');
    // An invoice is in roubles: a plan priced in another currency is paid by card.
    const inDollars = { ...premium, yearlyPrice: usd(30000), yearlyPriceDiscounted: usd(24000) };
    expect(figures({ plan: inDollars }).payerType).toBe('individual');
  });

  it('shows no price while the chosen plan is not among the plans offered', () => {
    const shown = figures({ plan: undefined });
    expect([shown.price, shown.old, shown.discount]).toEqual([undefined, undefined, null]);
  });

  it('an applied promo code sets the price and discount, unless the checkout refused it', () => {
    const promo = { status: 'ok' as const, discount: 15, newPrice: rub(2125), oldPrice: rub(2500) };
    const card = {
      plan: 'premium' as const,
      period: 'monthly' as const,
      payerType: 'individual' as const,
    };
    const applied = figures({ promo, context: { ...card, serverErrors: {} } });
    expect([applied.price, applied.old, applied.discount]).toEqual([rub(2125), rub(2500), 15]);
    const refused = figures({
      promo,
      context: {
        ...card,
        serverErrors: { coupon: { field: 'coupon', code: 'coupon_used', detail: '' } },
      },
    });
    expect([refused.price, refused.old, refused.discount]).toEqual([rub(2500), null, null]);
  });

  it('names the restrictions of a move to Free, and of Premium down to Mini only', () => {
    const to = (plan: 'free' | 'mini' | 'premium', from: 'free' | 'mini' | 'premium') =>
      figures({
        context: { plan, period: 'monthly', payerType: 'individual', serverErrors: {} },
        plan: plan === 'mini' ? mini : premium,
        subscription: { plan: from },
      }).restrictions;
    expect(to('free', 'premium')).toBe('free');
    expect(to('free', 'mini')).toBe('free');
    expect(to('mini', 'premium')).toBe('mini');
    expect(to('mini', 'free')).toBeNull();
    expect(to('premium', 'mini')).toBeNull();
    // Another period of the same plan brings none.
    expect(to('premium', 'premium')).toBeNull();
    expect(to('mini', 'mini')).toBeNull();
  });
});

describe('checkout screen', () => {
  it('shows the loading, the retry, the cancel form for Free, the payment for a paid plan', () => {
    expect(checkoutScreen('preparing', 'premium')).toBe('preparing');
    expect(checkoutScreen('unavailable', 'free')).toBe('unavailable');
    expect(checkoutScreen('ready', 'free')).toBe('cancel');
    expect(checkoutScreen('ready', 'mini')).toBe('pay');
    expect(checkoutScreen({ ready: 'editing' }, 'premium')).toBe('pay');
  });
});
