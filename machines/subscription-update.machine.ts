import { assign, fromPromise, setup } from 'xstate';
import type { AvailablePlan, Interval, Price, Subscription } from '../contract/billing.ts';
import type { PlanId } from '../contract/profile.ts';
import type { SubscriptionData } from './subscription.machine.ts';
import { periodOf, type UpdateQuery } from './update-query.ts';
import { ifOutput, withOutput } from './event-params.ts';
import {
  fromStart,
  givenAtStart,
  loadState,
  retryState,
  startAnswer,
  startGiven,
} from './load-parts.ts';

/** Section 2: both given, not the current plan and interval, and not free to free. */
export function preselection(
  query: UpdateQuery,
  current: Pick<Subscription, 'plan' | 'interval'>,
): { plan: PlanId; period: Interval } | null {
  const period = periodOf(query.period);
  if (!query.plan || !period) return null;
  if (query.plan === current.plan && period === current.interval) return null;
  if (query.plan === 'free' && current.plan === 'free') return null;
  return { plan: query.plan, period };
}

export type PlanCardButton = 'yourPlan' | 'yourPlanSince' | 'changeInterval' | 'renew' | 'select';

/** Section 4 'Plan card buttons'. */
export function planCardButton(
  subscription: Pick<Subscription, 'plan' | 'interval' | 'autopayment' | 'canceled_at'>,
  card: PlanId,
  period: Interval,
): PlanCardButton {
  const { plan, interval, autopayment, canceled_at } = subscription;
  if (autopayment) {
    if (card !== plan) return 'select';
    return period === interval ? 'yourPlan' : 'changeInterval';
  }
  if (card === 'free') {
    if (canceled_at) return 'yourPlanSince';
    if (plan === 'free') return 'yourPlan';
    return 'select';
  }
  return card === plan && !canceled_at ? 'renew' : 'select';
}

/** What a plan costs for a period: the final price and the one it replaces, if discounted. */
export function planPrice(
  plan: AvailablePlan,
  period: Interval,
): { price: Price; old: Price | null } {
  const original = period === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
  const discounted = period === 'yearly' ? plan.yearlyPriceDiscounted : plan.monthlyPriceDiscounted;
  return discounted ? { price: discounted, old: original } : { price: original, old: null };
}

/** The largest yearly discount among the plans (percent), for the period switch. */
export function annualDiscount(plans: readonly AvailablePlan[]): number | null {
  const values = plans.map((p) => p.discount_annual ?? 0).filter((d) => d > 0);
  return values.length ? Math.max(...values) : null;
}

export interface SubscriptionUpdateContext {
  query: UpdateQuery;
  data: SubscriptionData | null;
  period: Interval;
  selected: PlanId | null;
}

export interface SubscriptionUpdateInput {
  /** Plan and period from the address, to preselect. */
  query: UpdateQuery;
  /** The subscription and the plans, when the page brought both: the page shows at once. */
  data?: SubscriptionData;
}

export type SubscriptionUpdateEvent =
  | { type: 'period.change'; period: Interval }
  | { type: 'plan.select'; plan: PlanId }
  | { type: 'checkout.back' }
  | { type: 'load.retry' };

/**
 * /subscription/update: starts with plan and period from the address (its input), loads
 * the subscription and the plans, then the plan cards with the period switch; choosing a
 * plan (or an address that preselects one) opens the checkout, and going back returns to
 * the cards. When the page brought the subscription and the plans, it starts on the
 * cards or the preselected checkout at once, without loading them (decision 0034); a
 * retry loads.
 */
export const subscriptionUpdateMachine = setup({
  types: {
    context: {} as SubscriptionUpdateContext,
    events: {} as SubscriptionUpdateEvent,
    input: {} as SubscriptionUpdateInput,
  },
  actors: {
    loadSubscription: fromPromise<SubscriptionData>(async () => {
      throw new Error('loadSubscription is provided by the app');
    }),
  },
  guards: {
    preselects: ({ context }, params: { data: SubscriptionData }) =>
      preselection(context.query, params.data.subscription) !== null,
    givenAtStart,
    // The subscription the page brought, with the address, preselects (at the start).
    givenPreselects: ({ context, event }) => {
      const data = startAnswer<SubscriptionData>(event, 'data');
      return data !== undefined && preselection(context.query, data.subscription) !== null;
    },
  },
  actions: {
    keepPreselected: assign(({ context }, params: { data: SubscriptionData }) => {
      const chosen = preselection(context.query, params.data.subscription);
      return {
        data: params.data,
        selected: chosen?.plan ?? null,
        period: chosen?.period ?? params.data.subscription.interval,
      };
    }),
    keepData: assign((_, params: { data: SubscriptionData }) => ({
      data: params.data,
      period: params.data.subscription.interval,
    })),
    choosePeriod: assign({ period: (_, params: { period: Interval }) => params.period }),
    selectPlan: assign({ selected: (_, params: { plan: PlanId }) => params.plan }),
    forgetSelection: assign({ selected: null, query: { plan: null, period: null } }),
  },
}).createMachine({
  id: 'subscriptionUpdate',
  context: ({ input }) => ({
    query: input.query,
    data: null,
    period: 'monthly',
    selected: null,
  }),
  initial: 'loading',
  states: {
    loading: loadState(
      'loadSubscription',
      'The subscription and the plans load.',
      [
        ifOutput('preselects', 'data', 'checkout', 'keepPreselected'),
        withOutput('choosing', 'keepData', 'data'),
      ],
      'unavailable',
      [
        {
          guard: 'givenPreselects',
          target: 'checkout',
          actions: { type: 'keepPreselected', params: fromStart('data') },
        },
        startGiven('data', 'choosing', 'keepData'),
      ],
    ),
    unavailable: retryState('load.retry', 'The plans could not be loaded, with Try again.'),
    choosing: {
      description: 'The monthly/yearly switch and the plan cards with their buttons.',
      on: {
        'period.change': {
          actions: { type: 'choosePeriod', params: ({ event }) => ({ period: event.period }) },
        },
        'plan.select': {
          target: 'checkout',
          actions: { type: 'selectPlan', params: ({ event }) => ({ plan: event.plan }) },
        },
      },
    },
    checkout: {
      description: 'A plan is selected (or preselected by plan and period): the checkout.',
      on: {
        'checkout.back': {
          target: 'choosing',
          actions: 'forgetSelection',
        },
      },
    },
  },
});
