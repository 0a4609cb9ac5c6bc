import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, type SnapshotFrom } from 'xstate';
import type { PlanList, Subscription } from '../../contract/billing.ts';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { promoCodeMachine } from '../../machines/promo-code.machine.ts';
import {
  annualDiscount,
  planCardButton,
  preselection,
  subscriptionUpdateMachine,
} from '../../machines/subscription-update.machine.ts';
import { CheckoutView } from '../../src/views/subscription/checkout.view.tsx';
import { UpdateView } from '../../src/views/subscription/subscription-update.view.tsx';
import { demoSubscription } from '../fixtures/billing.ts';
import { Providers } from '../render/providers.tsx';
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
const mini: Subscription = { ...demoSubscription, price: 10, currency: 'usd' };

/**
 * The checkout slot as UpdateScreen fills it: the selected plan's checkout, drawn as it
 * first shows (its own machine preparing; its states are checkout.paths.test.tsx's).
 */
const checkoutOf = (snapshot: SnapshotFrom<typeof subscriptionUpdateMachine>) => {
  const { data, selected, period } = snapshot.context;
  if (!data || !selected) return null;
  const plan = data.plans.plans.find((p) => p.id === selected);
  const currency = plan?.monthlyPrice.currency ?? data.subscription.currency;
  return (
    <CheckoutView
      snapshot={getInitialSnapshot(checkoutMachine, {
        plan: selected,
        period,
        autopayment: data.subscription.autopayment,
        pendingPayment: false,
      })}
      send={() => {}}
      promo={promoCodeMachine.resolveState({
        value: 'idle',
        context: { plan: selected, period, currency, code: '', check: null },
      })}
      sendPromo={() => {}}
      plan={plan}
      subscription={data.subscription}
      payer={{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 'DE' }}
      locale="en"
      entityOrders={false}
      invoiceMinimum={null}
      onBack={() => {}}
    />
  );
};

const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
/** The page's frame in every state: breadcrumbs and the title. */
const frame = () => {
  const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
  expect(crumbs.textContent).toBe('Subscription›Change subscription');
  screen.getByRole('heading', { level: 1, name: 'Change subscription' });
};
const noCards = () => expect(screen.queryByRole('group', { name: 'Billing period' })).toBeNull();
const noCheckout = () => expect(screen.queryByText(/You selected/)).toBeNull();
const RETRY = "Couldn't load your subscription. Please try again.";
const waiting = () => {
  frame();
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  expect(screen.queryByText(RETRY)).toBeNull();
  noCards();
  noCheckout();
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
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <UpdateView
          snapshot={snapshot}
          send={() => {}}
          locale="en"
          checkout={checkoutOf(snapshot)}
        />
      </Providers>
    ),
    states: {
      opening: waiting,
      loading: waiting,
      unavailable: () => {
        frame();
        screen.getByText(RETRY);
        expect(enabled(screen.getByRole('button', { name: 'Try again' }))).toBe(true);
        expect(screen.queryByRole('status')).toBeNull();
        noCards();
        noCheckout();
      },
      choosing: (snapshot) => {
        frame();
        const yearly = snapshot.context.period === 'yearly';
        // The switch shows the period chosen, the yearly one with the annual discount.
        const pressed = screen.getByRole('button', { pressed: true });
        expect(pressed.textContent).toBe(yearly ? 'Yearly−20%' : 'Monthly');
        // A card per plan; Mini is the current one, its button per section 4.
        for (const name of ['Free', 'Mini', 'Premium']) screen.getByText(name);
        screen.getByText('Current plan');
        expect(screen.getAllByRole('button', { name: 'Select' }).map(enabled)).toEqual([
          true,
          true,
        ]);
        if (yearly) {
          expect(enabled(screen.getByRole('button', { name: 'Change interval' }))).toBe(true);
          expect(screen.queryByRole('button', { name: 'Your plan' })).toBeNull();
          screen.getByText('$40/mo');
          screen.getByText('Billed yearly: $480/year');
        } else {
          expect(enabled(screen.getByRole('button', { name: 'Your plan' }))).toBe(false);
          expect(screen.queryByRole('button', { name: 'Change interval' })).toBeNull();
          screen.getByText('$50/mo');
          expect(screen.queryByText(/Billed yearly/)).toBeNull();
        }
        expect(screen.queryByRole('status')).toBeNull();
        noCheckout();
      },
      checkout: (snapshot) => {
        frame();
        noCards();
        // The selected plan at the period chosen (or preselected), and the way back.
        const price = snapshot.context.period === 'yearly' ? '$480/year' : '$50/mo';
        expect(screen.getByText(/You selected/).textContent).toBe(`You selected: Premium ${price}`);
        expect(enabled(screen.getByRole('button', { name: 'Change plan' }))).toBe(true);
        expect(screen.queryByText(RETRY)).toBeNull();
      },
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
