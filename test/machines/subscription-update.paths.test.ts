import { describe, expect, it } from 'vitest';
import type { PlanList, Subscription } from '../../contract/billing.ts';
import {
  annualDiscount,
  planCardButton,
  preselection,
  subscriptionUpdateMachine,
} from '../../machines/subscription-update.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const usd = (amount: number) => ({ amount, currency: 'usd' as const });
const plans: PlanList = {
  currency: 'usd',
  plans: [
    {
      id: 'premium',
      name: 'Premium',
      monthlyPrice: usd(50),
      yearlyPrice: usd(480),
      monthlyPriceDiscounted: null,
      yearlyPriceDiscounted: null,
      discount_annual: 20,
    },
  ],
};
const mini: Subscription = {
  plan: 'mini',
  interval: 'monthly',
  price: 10,
  currency: 'usd',
  autopayment: true,
  autopayment_status: 'active',
  expire_at: '2026-12-23T00:00:00Z',
  canceled_at: null,
  team_plan: null,
};

describeMachinePaths(subscriptionUpdateMachine, {
  paths: 6,
  events: (snapshot) => [
    { type: 'page.open', query: { plan: 'premium', period: 'annually' } },
    { type: 'page.open', query: { plan: null, period: null } },
    { type: 'period.change', period: 'yearly' },
    { type: 'plan.select', plan: 'premium' },
    { type: 'checkout.back' },
    { type: 'load.retry' },
    ...internalEvents(snapshot, {
      loadSubscription: {
        output: [{ subscription: mini, plans, failedPayment: null }],
        error: [new Error('down')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    query: snapshot.context.query,
    period: snapshot.context.period,
    selected: snapshot.context.selected,
  }),
  states: {
    opening: (snapshot) => {
      // Waiting for the page's query: busy, nothing loaded or asked for yet.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.loadSubscription).toBeUndefined();
      expect(snapshot.context.data).toBeNull();
    },
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.loadSubscription).toBeDefined();
    },
    unavailable: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'load.retry' })).toBe(true);
      expect(snapshot.can({ type: 'plan.select', plan: 'premium' })).toBe(false);
    },
    checkout: (snapshot) => {
      expect(snapshot.context.selected).toBe('premium');
      expect(snapshot.context.data?.subscription).toEqual(mini);
      // Chosen from the cards, the period is the cards'; preselected, the query's.
      if (snapshot.context.query.plan) expect(snapshot.context.period).toBe('yearly');
    },
    choosing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.selected).toBeNull();
      expect(snapshot.context.data?.plans).toEqual(plans);
      // Back from the checkout, the query no longer preselects.
      expect(snapshot.context.query).toEqual({ plan: null, period: null });
    },
  },
});

describe('plan selection rules', () => {
  it('preselects only a different, not free-to-free, plan and period', () => {
    expect(preselection({ plan: 'premium', period: 'annually' }, mini)).toEqual({
      plan: 'premium',
      period: 'yearly',
    });
    expect(preselection({ plan: 'mini', period: 'monthly' }, mini)).toBeNull();
    expect(preselection({ plan: 'free', period: null }, mini)).toBeNull();
    expect(preselection({ plan: 'free', period: 'monthly' }, { ...mini, plan: 'free' })).toBeNull();
  });
  it('labels the plan card buttons as section 4 says', () => {
    expect(planCardButton(mini, 'mini', 'monthly')).toBe('yourPlan');
    expect(planCardButton(mini, 'mini', 'yearly')).toBe('changeInterval');
    expect(planCardButton(mini, 'premium', 'monthly')).toBe('select');
    const off = { ...mini, autopayment: false };
    expect(planCardButton({ ...off, plan: 'free' }, 'free', 'monthly')).toBe('yourPlan');
    expect(planCardButton({ ...off, canceled_at: '2026-11-01' }, 'free', 'monthly')).toBe(
      'yourPlanSince',
    );
    expect(planCardButton(off, 'mini', 'monthly')).toBe('renew');
    expect(planCardButton(off, 'premium', 'monthly')).toBe('select');
  });
  it('takes the largest annual discount', () => expect(annualDiscount(plans.plans)).toBe(20));
});
