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
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';
import type { UpdateQuery } from '../../machines/update-query.ts';
import type { SubscriptionData } from '../../machines/subscription.machine.ts';

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
/** Premium for a year already: the address's plan and period are the current ones. */
const premiumYearly: Subscription = { ...mini, plan: 'premium', interval: 'yearly', price: 480 };
/** The address the page opened with: Premium for a year ('annually' is yearly). */
const address: UpdateQuery = { plan: 'premium', period: 'annually' };

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

/**
 * Section 2, Subscription update: plan and period preselect when both are present
 * ('annually' is yearly), differ from the current plan and interval and it is not
 * free to free.
 */
function preselected(query: UpdateQuery, { subscription }: SubscriptionData) {
  const period = query.period === 'annually' ? 'yearly' : query.period;
  if (query.plan === null || period === null) return null;
  if (query.plan === subscription.plan && period === subscription.interval) return null;
  if (query.plan === 'free' && subscription.plan === 'free') return null;
  return { plan: query.plan, period };
}

describeMachinePaths(subscriptionUpdateMachine, {
  paths: 17,
  input: { query: address },
  // Decision 0034: the subscription and the plans the page brought show at once: the
  // checkout the address preselects, or else the cards.
  starts: {
    'the page brought the data, the address preselects': {
      input: { query: address, data: { subscription: mini, plans } },
      at: 'checkout',
    },
    'the page brought the data, the address names no plan': {
      input: { query: { plan: null, period: null }, data: { subscription: mini, plans } },
      at: 'choosing',
    },
  },
  // Section 2, Subscription update: the cards with the period switch, a plan chosen (or
  // preselected by the address) opens the checkout, back clears plan and period.
  steps: {
    loading: {
      'done: loadSubscription': ({ context }, event) => {
        const data: SubscriptionData = outputOf(event);
        const chosen = preselected(context.query, data);
        return chosen
          ? { to: 'checkout', set: { data, selected: chosen.plan, period: chosen.period } }
          : // The switch starts at the current interval.
            { to: 'choosing', set: { data, period: data.subscription.interval } };
      },
      'error: loadSubscription': { to: 'unavailable' },
    },
    unavailable: { 'load.retry': { to: 'loading', starts: { loadSubscription: undefined } } },
    choosing: {
      'period.change': (_, event) => ({
        to: 'choosing',
        set: { period: (event as { period: 'yearly' }).period },
      }),
      'plan.select': (_, event) => ({
        to: 'checkout',
        set: { selected: (event as { plan: 'premium' }).plan },
      }),
    },
    checkout: {
      'checkout.back': {
        to: 'choosing',
        set: { selected: null, query: { plan: null, period: null } },
      },
    },
  },
  events: (snapshot) => [
    // Both ways: Premium for a year shows its card's other period as a change of interval.
    { type: 'period.change', period: 'yearly' },
    { type: 'period.change', period: 'monthly' },
    { type: 'plan.select', plan: 'premium' },
    { type: 'checkout.back' },
    { type: 'load.retry' },
    ...internalEvents(snapshot, {
      // On Mini, the address preselects Premium for a year; on Premium for a year already,
      // it names the current plan and interval, and the cards show.
      loadSubscription: {
        output: [
          { subscription: mini, plans },
          { subscription: premiumYearly, plans },
        ],
        error: [new Error('down')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    current: snapshot.context.data?.subscription.plan ?? null,
    query: snapshot.context.query,
    period: snapshot.context.period,
    selected: snapshot.context.selected,
  }),
  states: {
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
      expect(snapshot.children.loadSubscription).toBeUndefined();
      expect([mini, premiumYearly]).toContainEqual(snapshot.context.data?.subscription);
      // Chosen from the cards, the period is the cards'; preselected, the query's.
      const chosen = preselected(snapshot.context.query, snapshot.context.data!);
      if (chosen) expect(snapshot.context.period).toBe(chosen.period);
    },
    choosing: (snapshot) => {
      const { data, query } = snapshot.context;
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.children.loadSubscription).toBeUndefined();
      expect(snapshot.context.selected).toBeNull();
      expect(data?.plans).toEqual(plans);
      // No query preselects here: none (as back from the checkout, or the address named
      // none), or the current plan and interval.
      expect(preselected(query, data!)).toBeNull();
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
        const { period, data } = snapshot.context;
        const yearly = period === 'yearly';
        // The switch shows the period chosen, the yearly one with the annual discount.
        const pressed = screen.getByRole('button', { pressed: true });
        expect(pressed.textContent).toBe(yearly ? 'Yearly−20%' : 'Monthly');
        // A card per plan; the current one's button per section 4 (with an autopayment:
        // its own period is the plan, the other a change of interval), Select on the others.
        for (const name of ['Free', 'Mini', 'Premium']) screen.getByText(name);
        const current = screen.getByText('Current plan');
        expect(current.parentElement?.textContent).toBe(
          `${data!.subscription.plan === 'mini' ? 'Mini' : 'Premium'}Current plan`,
        );
        expect(screen.getAllByRole('button', { name: 'Select' }).map(enabled)).toEqual([
          true,
          true,
        ]);
        if (period !== data!.subscription.interval) {
          expect(enabled(screen.getByRole('button', { name: 'Change interval' }))).toBe(true);
          expect(screen.queryByRole('button', { name: 'Your plan' })).toBeNull();
        } else {
          expect(enabled(screen.getByRole('button', { name: 'Your plan' }))).toBe(false);
          expect(screen.queryByRole('button', { name: 'Change interval' })).toBeNull();
        }
        if (yearly) {
          screen.getByText('$40/mo');
          screen.getByText('Billed yearly: $480/year');
        } else {
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
  // The user is on mini monthly, or on free monthly.
  const on = { mini, free: { ...mini, plan: 'free' as const } };
  it.each([
    [{ plan: 'premium', period: 'annually' }, 'mini', { plan: 'premium', period: 'yearly' }],
    // The current plan and interval, or a plan without a period: nothing to preselect.
    [{ plan: 'mini', period: 'monthly' }, 'mini', null],
    [{ plan: 'free', period: null }, 'mini', null],
    // Each half of "not the current plan and interval" alone is a change.
    [{ plan: 'mini', period: 'annually' }, 'mini', { plan: 'mini', period: 'yearly' }],
    [{ plan: 'premium', period: 'monthly' }, 'mini', { plan: 'premium', period: 'monthly' }],
    // Free to free is no change whatever the period; to or from free is one.
    [{ plan: 'free', period: 'monthly' }, 'free', null],
    [{ plan: 'free', period: 'annually' }, 'free', null],
    [{ plan: 'premium', period: 'monthly' }, 'free', { plan: 'premium', period: 'monthly' }],
    [{ plan: 'free', period: 'monthly' }, 'mini', { plan: 'free', period: 'monthly' }],
  ] as const)('preselects %j on %s monthly: %j', (query, current, expected) => {
    expect(preselection(query, on[current])).toEqual(expected);
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
    // The free card of a paid plan without an autopayment or a cancellation: a choice.
    expect(planCardButton(off, 'free', 'monthly')).toBe('select');
    expect(planCardButton(off, 'premium', 'monthly')).toBe('select');
  });
  it('takes the largest annual discount', () => {
    expect(annualDiscount(plans.plans)).toBe(20);
    const [premium] = plans.plans;
    if (!premium) throw new Error('no plan');
    const at = (discount: number | null) => ({ ...premium, discount_annual: discount });
    expect(annualDiscount([at(null), at(15), at(20), at(0)])).toBe(20);
    expect(annualDiscount([at(20), at(15)])).toBe(20);
    // No plan with a discount: the switch names none.
    expect(annualDiscount([at(null), at(0)])).toBeNull();
    expect(annualDiscount([])).toBeNull();
  });
});
