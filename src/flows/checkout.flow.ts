import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { EntityForm, type Autopayment, type Interval } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import {
  cancelAutopayment,
  changeAutopayment,
  fetchAutopayment,
  fetchChangeCost,
  fetchConvertion,
  fetchInAdvance,
  givenConversion,
  postSubscriptionUpdate,
  startCheckout,
} from '../api/billing.api.ts';
import { cardProviderFor } from '../../contract/billing.ts';
import { fetchCountries, givenCountries, paymentCountries } from '../api/countries.api.ts';
import {
  checkoutMachine,
  type CardValues,
  type CheckoutData,
  type CheckoutInput,
  type ResumedPayment,
} from '../../machines/checkout.machine.ts';
import { claimFieldErrors } from './field-errors.ts';
import { report } from './payment-status.flow.ts';
import { activeLocale } from '../i18n/i18n.ts';

const entityFields = Object.keys(EntityForm.entries);
/** The card form's fields as the autopayment calls point at them (section 8). */
const cardPointers = {
  'user_data.first_name': 'firstName',
  'user_data.second_name': 'lastName',
  'user_data.email': 'email',
  'user_data.country': 'country',
  coupon: 'coupon',
} as const satisfies Record<string, keyof CardValues | 'coupon'>;
const subscriptionPage = (query: string) => `/${i18n.locale}/subscription?${query}`;

const userData = (values: CardValues) => ({
  first_name: values.firstName.trim(),
  second_name: values.lastName.trim(),
  email: values.email.trim(),
  country: values.country,
});

/** Section 7: RU pays with yookassa (return_url), others with stripe (success/cancel urls). */
export function providerOptions(
  country: string,
  origin: string,
): { provider: 'yookassa' | 'stripe'; options: Record<string, string> } {
  const back = (status: string) =>
    `${origin}${subscriptionPage(`scenario=creation&payment-attempt-status=${status}`)}`;
  return cardProviderFor(country) === 'yookassa'
    ? {
        provider: 'yookassa',
        options: { payment_method_type: 'bank_card', return_url: back('unknown') },
      }
    : {
        provider: 'stripe',
        options: { success_url: back('success'), cancel_url: back('failed') },
      };
}

/**
 * The open payment (its autopayment still pending) when it is for this plan and
 * period: Pay resumes it at its own price, so the page shows its promo code and payer.
 */
export function resumedPayment(
  open: Autopayment | null,
  plan: PlanId,
  period: Interval,
): ResumedPayment | null {
  if (open?.status !== 'pending' || open.plan !== plan || open.interval !== period) return null;
  const payer = open.user_data;
  return {
    coupon: open.coupon,
    payer: payer
      ? {
          firstName: payer.first_name,
          lastName: payer.second_name,
          email: payer.email,
          country: payer.country,
        }
      : null,
  };
}

/** What the checkout of the free plan shows: nothing to convert, pay for or pay from. */
const freeCheckout: CheckoutData = { additionalDays: null, nextExpire: null, countries: [] };

/**
 * What the checkout would load, when it is at hand as it starts: nothing to read for the
 * free plan; for a new payment (no open one to resume, no autopayment to change), what
 * the page brought, if it brought all of it (decision 0034).
 */
function givenCheckoutData(order: Omit<CheckoutInput, 'data'>): CheckoutData | undefined {
  if (order.plan === 'free') return freeCheckout;
  if (order.pendingPayment || order.autopayment) return undefined;
  const conversion = givenConversion(order.plan, order.period);
  const countries = conversion && givenCountries();
  return conversion && countries
    ? { ...conversion, countries: paymentCountries(countries), resumed: null, cost: null }
    : undefined;
}

/** The checkout's input: the order, and what it would load when that is at hand. */
export function checkoutInput(order: Omit<CheckoutInput, 'data'>): CheckoutInput {
  return { ...order, data: givenCheckoutData(order) };
}

export const liveCheckoutMachine = checkoutMachine.provide({
  actors: {
    loadCheckoutData: fromPromise(async ({ input, signal }) => {
      const { plan, period } = input;
      if (plan === 'free') throw new Error('The free plan starts from `freeCheckout`');
      const [additionalDays, nextExpire, countries, open, cost] = await Promise.all([
        fetchConvertion(plan, period, signal),
        fetchInAdvance(plan, period, signal),
        fetchCountries(signal),
        input.pendingPayment ? fetchAutopayment(signal) : null,
        // A change of the running autopayment is charged at once: its cost shows first.
        input.autopayment ? fetchChangeCost(plan, period, signal) : null,
      ]).catch(report);
      return {
        additionalDays,
        nextExpire,
        countries: paymentCountries(countries),
        resumed: resumedPayment(open, plan, period),
        cost,
      };
    }),
    payByCard: fromPromise(async ({ input, signal }) => {
      const { plan, period, values, coupon } = input;
      if (plan === 'free') throw new Error('A free plan is not paid for');
      const change = { plan, interval: period, coupon, user_data: userData(values), options: {} };
      try {
        if (input.autopayment) {
          await changeAutopayment(change, signal);
          return {
            href: subscriptionPage('payment-attempt-status=success&scenario=updating'),
            external: false,
          };
        }
        const { provider, options } = providerOptions(values.country, window.location.origin);
        return {
          href: await startCheckout({ ...change, provider, options }, signal),
          external: true,
        };
      } catch (error) {
        // Refusals of the payer's fields and of the promo code go to their fields.
        throw claimFieldErrors(error, cardPointers);
      }
    }),
    requestInvoice: fromPromise(async ({ input, signal }) => {
      const form = new FormData();
      form.set('selected-plan', input.plan);
      // Section 4: a legal entity always pays for a year.
      form.set('annual-payment', 'on');
      form.set('period', '12');
      form.set('customer-type', 'entity');
      form.set('payment_gateway', 'invoice');
      form.set('payment_type', 'invoice');
      // Invoices are for the Russian locale: the server checks the page's locale.
      form.set('locale', activeLocale());
      for (const [name, value] of Object.entries(input.values)) {
        form.set(`form_entity[${name}]`, (value ?? '').trim());
      }
      try {
        return { href: await postSubscriptionUpdate(form, signal), external: false };
      } catch (error) {
        throw claimFieldErrors(error, entityFields);
      }
    }),
    cancelSubscription: fromPromise(async ({ input, signal }) => {
      if (input.autopayment) {
        await cancelAutopayment(signal).catch(report);
        return { href: subscriptionPage('scenario=cancellation'), external: false };
      }
      // The go-to-free form of a plan without autopayment.
      const form = new FormData();
      form.set('selected-plan', 'free');
      form.set('locale', activeLocale());
      const href = await postSubscriptionUpdate(form, signal).catch(report);
      return { href, external: false };
    }),
  },
});
