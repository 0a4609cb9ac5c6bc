import type { StateValue } from 'xstate';
import type { AvailablePlan, Interval, Price, Subscription } from '../contract/billing.ts';
import type { Locale } from '../contract/countries.ts';
import type { CheckoutContext, PayerType } from './checkout.machine.ts';
import type { PromoCheck } from './promo-code.machine.ts';
import { planPrice } from './subscription-update.machine.ts';

// What the checkout page shows, derived from the machines' state in one place: the view
// renders these and decides nothing of its own (section 4, docs/decisions/0305).

/** The part of the page a checkout state shows under the summary. */
export type CheckoutScreen = 'preparing' | 'unavailable' | 'cancel' | 'pay';

export function checkoutScreen(value: StateValue, plan: CheckoutContext['plan']): CheckoutScreen {
  if (value === 'preparing' || value === 'unavailable') return value;
  return plan === 'free' ? 'cancel' : 'pay';
}

/** Invoices are for Russian legal entities, and only where the server takes them. */
export function invoicesOffered(locale: Locale, entityOrders: boolean): boolean {
  return locale === 'ru' && entityOrders;
}

/**
 * Whether the plan's invoice reaches the minimum (docs/decisions/0305): an invoice is
 * for a year, in roubles, so the yearly rouble price is what is compared.
 */
export function invoiceReachesMinimum(
  plan: AvailablePlan | undefined,
  minimum: number | null,
): boolean {
  if (!plan || minimum === null) return false;
  const { price } = planPrice(plan, 'yearly');
  return price.currency === 'rub' && price.amount >= minimum;
}

/**
 * The payer type the page shows: an invoice chosen on the Russian page is not offered
 * once the language changes to English, or for a plan below the invoice minimum, so the
 * card form shows instead of nothing.
 */
export function payerTypeShown(
  chosen: PayerType,
  locale: Locale,
  entityOrders: boolean,
  reachesMinimum: boolean,
): PayerType {
  return invoicesOffered(locale, entityOrders) && reachesMinimum ? chosen : 'individual';
}

export interface CheckoutFigures {
  payerType: PayerType;
  /** An invoice always pays a year, whichever period was chosen. */
  period: Interval;
  /** What is charged, and the price it replaces when discounted. */
  price: Price | undefined;
  old: Price | null | undefined;
  /** Percent off: the applied promo code's, else the plan's own discount. */
  discount: number | null;
  /** Restrictions the new plan brings: to Free, or from Premium down to Mini. */
  restrictions: 'free' | 'mini' | null;
}

export function checkoutFigures(input: {
  context: Pick<CheckoutContext, 'plan' | 'period' | 'payerType' | 'serverErrors'>;
  /** The promo code's check, when the promo machine rests in success. */
  promo: PromoCheck | null;
  plan: AvailablePlan | undefined;
  subscription: Pick<Subscription, 'plan'>;
  locale: Locale;
  entityOrders: boolean;
  invoiceMinimum: number | null;
}): CheckoutFigures {
  const { context, plan, locale, entityOrders } = input;
  const reachesMinimum = invoiceReachesMinimum(plan, input.invoiceMinimum);
  const payerType = payerTypeShown(context.payerType, locale, entityOrders, reachesMinimum);
  const period = payerType === 'entity' ? 'yearly' : context.period;
  const base = plan ? planPrice(plan, period) : null;
  // A code the checkout refused (used up since it was applied) gives no discount.
  const applied = context.serverErrors['coupon'] === undefined ? input.promo : null;
  const ownDiscount = base?.old
    ? Math.round((1 - base.price.amount / base.old.amount) * 100)
    : null;
  return {
    payerType,
    period,
    price: applied ? applied.newPrice : base?.price,
    old: applied ? applied.oldPrice : base?.old,
    discount: applied ? applied.discount : ownDiscount,
    restrictions:
      context.plan === 'free'
        ? 'free'
        : input.subscription.plan === 'premium' && context.plan === 'mini'
          ? 'mini'
          : null,
  };
}
