import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { EntityForm, type Interval, type PlanChangeCostAnswer } from '../contract/billing.ts';
import { CountryCode, type Country } from '../contract/countries.ts';
import type { PlanId } from '../contract/profile.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromOutput, withOutput } from './event-params.ts';
import { givenAtStart, retryState, startGiven } from './load-parts.ts';

/** Section 2: the individual payer's form (all required; the e-mail is read-only). */
export const CardForm = v.object({
  firstName: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  lastName: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.email('email')),
  country: v.pipe(v.string(), v.nonEmpty('required'), CountryCode),
});
export type CardValues = v.InferInput<typeof CardForm>;
export type EntityValues = v.InferInput<typeof EntityForm>;
export type PayerType = 'individual' | 'entity';

export interface CheckoutInput {
  plan: PlanId;
  period: Interval;
  /** An active autopayment is changed (PATCH) or cancelled (DELETE) instead. */
  autopayment: boolean;
  /**
   * A payment of this user is open at the provider (autopayment status pending): Pay
   * resumes it, so the checkout shows it as it was (back from the provider's page).
   */
  pendingPayment?: boolean;
  /**
   * What the checkout would load, when it is at hand as it starts (the page brought it,
   * or a free plan, which needs none): it starts ready.
   */
  data?: CheckoutData;
}

/** The open payment as the checkout shows it again: its promo code and payer. */
export interface ResumedPayment {
  coupon: string;
  payer: CardValues | null;
}

/** Where the checkout sends the user: the provider's page (external) or a page of the SPA. */
export interface Leaving {
  href: string;
  external: boolean;
}

export interface CheckoutData {
  /** Days the rest of the current plan is worth on the new one (null for free). */
  additionalDays: number | null;
  /** When the next period would end (null for free). */
  nextExpire: string | null;
  countries: Country[];
  /** The open payment, when it is for this plan and period; Pay resumes it. */
  resumed?: ResumedPayment | null;
  /**
   * A change of a running autopayment: what it charges now, the credit for the unused
   * part of the current period and the next payment, as the server will charge it.
   */
  cost?: PlanChangeCostAnswer | null;
}

export interface CheckoutContext extends Omit<CheckoutInput, 'data'>, CheckoutData {
  payerType: PayerType;
  serverErrors: ServerErrors;
  leaving: Leaving | null;
}

export type CheckoutEvent =
  | { type: 'payerType.change'; payerType: PayerType }
  | { type: 'pay.card'; values: CardValues; coupon: string }
  | { type: 'pay.invoice'; values: EntityValues }
  | { type: 'subscription.cancel' }
  | { type: 'field.edit'; field: string }
  | { type: 'checkout.retry' };

/** What every call of the checkout is about: the plan, its period and the autopayment. */
const order = ({ plan, period, autopayment }: CheckoutContext) => ({ plan, period, autopayment });

/** A payment or a cancel started: on to `leaving`, where its answer sends the user. */
const toLeaving = {
  target: 'leaving',
  actions: { type: 'leave' as const, params: fromOutput('leaving') },
};

/**
 * The checkout of /subscription/update: ready once the conversion data and the next
 * period's expiry have loaded, or at once when its input carries them (the page brought
 * them, decision 0034; a free plan needs none); a retry loads. Pay starts a card
 * checkout (or changes an active autopayment), or requests an invoice; a free plan
 * cancels. While a request runs no other is accepted, so a double click starts one
 * checkout. Each submit first clears the server's field errors; a refusal keeps those
 * that name a field of the form (the payer's fields, or the promo code), each until its
 * field is edited. With a payment open at the provider for the same plan and period
 * (the payer came back from its page), the data carries that payment's promo code and
 * payer, so the page shows what Pay will resume, not a fresh form.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    emitted: {} as form.ValidationFailed,
    output: {} as Leaving | null,
  },
  actors: {
    loadCheckoutData: fromPromise<CheckoutData, CheckoutInput>(async () => {
      throw new Error('loadCheckoutData is provided by the app');
    }),
    payByCard: fromPromise<Leaving, CheckoutInput & { values: CardValues; coupon: string }>(
      async () => {
        throw new Error('payByCard is provided by the app');
      },
    ),
    requestInvoice: fromPromise<Leaving, CheckoutInput & { values: EntityValues }>(async () => {
      throw new Error('requestInvoice is provided by the app');
    }),
    cancelSubscription: fromPromise<Leaving, CheckoutInput>(async () => {
      throw new Error('cancelSubscription is provided by the app');
    }),
  },
  guards: {
    isValidCard: form.passes(CardForm),
    isValidEntity: form.passes(EntityForm),
    givenAtStart,
  },
  actions: {
    ...form.actions<CheckoutContext, CheckoutEvent>(),
    leave: assign({ leaving: (_, params: { leaving: Leaving }) => params.leaving }),
    choosePayerType: assign({
      payerType: (_, params: { payerType: PayerType }) => params.payerType,
    }),
    keepCheckoutData: assign((_, params: { data: CheckoutData }) => params.data),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input: { data: _, ...input } }) => ({
    ...input,
    additionalDays: null,
    nextExpire: null,
    countries: [],
    payerType: 'individual',
    serverErrors: {},
    leaving: null,
  }),
  initial: 'preparing',
  states: {
    preparing: {
      description:
        'A spinner while the conversion data and the next-period expiry load (none when the page brought them, or for the free plan).',
      tags: ['busy'],
      always: startGiven('data', 'ready', 'keepCheckoutData'),
      invoke: {
        id: 'loadCheckoutData',
        src: 'loadCheckoutData',
        input: ({ context }) => ({
          ...order(context),
          pendingPayment: context.pendingPayment,
        }),
        onDone: withOutput('ready', 'keepCheckoutData', 'data'),
        onError: 'unavailable',
      },
    },
    unavailable: retryState(
      'checkout.retry',
      'The checkout data could not be loaded, with Try again.',
      'preparing',
    ),
    ready: {
      description:
        "'You selected' plan and final price — the payer's form (card, or invoice in Russian), or Cancel subscription for Free.",
      on: {
        'payerType.change': {
          actions: [
            { type: 'choosePayerType', params: ({ event }) => ({ payerType: event.payerType }) },
            'clearServerErrors',
          ],
        },
        'field.edit': form.forgetServerErrorOnEdit(),
        'pay.card': form.submitWhen('isValidCard', 'payingByCard'),
        'pay.invoice': form.submitWhen('isValidEntity', 'requestingInvoice'),
        'subscription.cancel': 'canceling',
      },
    },
    payingByCard: {
      description:
        'Starts a provider checkout (or changes the autopayment) — Pay waits, a second click is not taken.',
      tags: ['busy'],
      invoke: {
        id: 'payByCard',
        src: 'payByCard',
        input: ({ context, event }) => {
          const { values, coupon } = form.submitted(event, 'pay.card');
          return { ...order(context), values, coupon };
        },
        onDone: toLeaving,
        // Errors naming a field of the form come back here; the rest went to the toast.
        onError: form.backWithServerErrors('ready'),
      },
    },
    requestingInvoice: {
      description: 'Requests an invoice for a year — invoices are sent within 2 working days.',
      tags: ['busy'],
      invoke: {
        id: 'requestInvoice',
        src: 'requestInvoice',
        input: ({ context, event }) => ({
          ...order(context),
          values: form.submitted(event, 'pay.invoice').values,
        }),
        onDone: toLeaving,
        // Errors naming a field of the form come back here; the rest went to the toast.
        onError: form.backWithServerErrors('ready'),
      },
    },
    canceling: {
      description:
        'Cancel: removes the autopayment (or submits go-to-free-form for a free plan without one).',
      tags: ['busy'],
      invoke: {
        id: 'cancelSubscription',
        src: 'cancelSubscription',
        input: ({ context }) => order(context),
        onDone: toLeaving,
        // The failure went to the global handler; the user may try again.
        onError: 'ready',
      },
    },
    leaving: {
      description:
        "Goes to the provider's redirect_url or back to /subscription with the scenario.",
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => context.leaving,
});
