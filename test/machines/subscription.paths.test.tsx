import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { PlanList, Subscription } from '../../contract/billing.ts';
import {
  canRestore,
  failedPayment,
  needsAutopayment,
  outcomeOf,
  planActions,
  subscriptionMachine,
  type Outcome,
  type PageQuery,
} from '../../machines/subscription.machine.ts';
import { demoSubscription } from '../fixtures/billing.ts';
import { subscriptionPage } from '../render/subscription-page.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';
import type { AutopaymentState } from '../../machines/payment-status.machine.ts';

const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
const titles = {
  created: 'Subscription created',
  creation_failed: 'Subscription not created',
  updated: 'Subscription updated',
  updating_failed: 'Subscription not updated',
  cancel: 'Subscription cancelled',
  invoice_requested: 'Invoice requested',
  restored: 'Subscription restored',
  payment_failed: 'Payment failed',
  payment_canceled: 'Payment cancelled',
} as const;
/** Polling, loading: one spinner, which names the payment system while it waits for it. */
const waiting = (forPayment: boolean) => () => {
  const status = screen.getByRole('status');
  expect(status.textContent).toContain(
    forPayment ? 'waiting response from payment system' : 'Loading…',
  );
  expect(screen.queryByRole('dialog')).toBeNull();
};

const plans: PlanList = { currency: 'usd', plans: [] };
const active: Subscription = { ...demoSubscription, price: 10, currency: 'usd' };
const canceled: Subscription = {
  ...active,
  autopayment: false,
  autopayment_status: 'canceled',
  canceled_at: '2026-11-23T00:00:00Z',
};
const free: Subscription = {
  ...active,
  plan: 'free',
  price: 0,
  autopayment: false,
  autopayment_status: null,
  expire_at: null,
};

/**
 * Section 4, Outcome dialogs (and decision 0304: the server's word on the payment wins
 * over the address), for the returns this test makes: by the address's status and
 * scenario, then what the poll answered ('-' when it did not answer in time or failed).
 */
const DIALOGS: Record<string, Record<string, Outcome | null>> = {
  'success/updating': { active: 'updated', canceled: 'updating_failed', '-': 'updating_failed' },
  'unknown/creation': { active: 'created', canceled: 'payment_canceled', '-': 'payment_failed' },
  'failed/creation': { active: 'created', canceled: 'payment_canceled', '-': 'creation_failed' },
  'null/null': { '-': null },
  'null/invoiceRequested': { '-': 'invoice_requested' },
};
function dialogFor(query: PageQuery, polled: AutopaymentState | null): Outcome | null {
  const key = `${query.status}/${query.scenario}`;
  const dialog = DIALOGS[key]?.[polled?.status ?? '-'];
  if (dialog === undefined)
    throw new Error(`no dialog written for ${key} polled ${polled?.status}`);
  return dialog;
}
/** The autopayment needs asking when the subscription has one that is not simply active. */
const asksAutopayment = (subscription: Subscription) =>
  subscription.autopayment_status !== null && subscription.autopayment_status !== 'active';
/** Once all is known: the dialog if there is one, else the plan. */
const shown = (outcome: Outcome | null) => (outcome === null ? 'ready' : 'showingOutcome');
const loadsAgain = { loadSubscription: undefined };

const none: PageQuery = { status: null, scenario: null };
// Back from an invoice request made on the Free plan: the dialog names the plan asked for.
const invoiced: PageQuery = { status: null, scenario: 'invoiceRequested', plan: 'premium' };
/** The addresses the page is sent back to, besides none. */
const returns: PageQuery[] = [
  { status: 'success', scenario: 'updating' },
  { status: 'unknown', scenario: 'creation' },
  { status: 'failed', scenario: 'creation' },
  invoiced,
];
const cancelledOne: AutopaymentState = { status: 'canceled', latestError: null };

describeMachinePaths(subscriptionMachine, {
  paths: 97,
  // Section 2, Subscription, and section 4 (Payment status polling, Outcome dialogs,
  // Actions: Restore): a return from payment polls first, then the subscription loads,
  // the autopayment where the subscription leaves it open, then the dialog or the plan.
  // The page opens on the address's query (the input; every return below walks its
  // paths), and what its HTML brought stands for the first reads (decision 0034).
  input: { query: { status: null, scenario: null } },
  starts: {
    ...Object.fromEntries(
      returns.map((query) => [
        `back with ${query.status}/${query.scenario}`,
        { input: { query }, at: query.status ? 'polling' : 'loading', walk: true },
      ]),
    ),
    'the page brought an active plan': {
      input: { query: none, data: { subscription: active, plans } },
      at: 'ready',
    },
    'the page brought a cancelled plan, not its autopayment': {
      input: { query: none, data: { subscription: canceled, plans } },
      at: 'readingAutopayment',
    },
    'the page brought a cancelled plan and its autopayment': {
      input: { query: none, data: { subscription: canceled, plans }, autopayment: cancelledOne },
      at: 'ready',
    },
    'the page brought the plan, back from an invoice request': {
      input: { query: invoiced, data: { subscription: free, plans } },
      at: 'showingOutcome',
    },
    // The flow brings nothing back from a payment; were it given, the poll still comes first.
    'the page brought the plan, back from a payment': {
      input: { query: returns[0]!, data: { subscription: active, plans } },
      at: 'polling',
    },
  },
  steps: {
    polling: {
      'done: pollPaymentStatus': ({ context }, event) => {
        const polled = outputOf(event) as AutopaymentState | null;
        return {
          to: 'loading',
          set: { outcome: dialogFor(context.query, polled), autopayment: polled },
          starts: loadsAgain,
        };
      },
      // The poll failed outright: what the provider said decides.
      'error: pollPaymentStatus': ({ context }) => ({
        to: 'loading',
        set: { outcome: dialogFor(context.query, null) },
        starts: loadsAgain,
      }),
    },
    loading: {
      'done: loadSubscription': ({ context }, event) => {
        const data: { subscription: Subscription; plans: PlanList } = outputOf(event);
        return context.autopayment === null && asksAutopayment(data.subscription)
          ? { to: 'readingAutopayment', set: { data }, starts: { fetchAutopayment: undefined } }
          : { to: shown(context.outcome), set: { data } };
      },
      'error: loadSubscription': { to: 'unavailable' },
    },
    readingAutopayment: {
      'done: fetchAutopayment': ({ context }, event) => ({
        to: shown(context.outcome),
        set: { autopayment: outputOf(event) },
      }),
      'error: fetchAutopayment': { to: 'unavailable' },
    },
    unavailable: { 'load.retry': { to: 'loading', starts: loadsAgain } },
    showingOutcome: { 'outcome.close': { to: 'ready', set: { outcome: null } } },
    ready: {
      // Section 4: only a cancelled subscription is restored (the server restores a
      // cancelled autopayment; one cancelled without it stays as it is).
      'restore.confirmed': ({ context }) =>
        context.data?.subscription.canceled_at && context.autopayment?.status === 'canceled'
          ? { to: 'restoring', starts: { restoreSubscription: undefined } }
          : { to: 'ready' },
    },
    restoring: {
      // Restore sets the autopayment active, reloads the data and shows 'restored'.
      'done: restoreSubscription': {
        to: 'loading',
        set: { outcome: 'restored', autopayment: { status: 'active', latestError: null } },
        starts: loadsAgain,
      },
      // The failure went to the global handler (a toast); the plan stays as it was.
      'error: restoreSubscription': { to: 'ready' },
    },
  },
  events: (snapshot) => [
    { type: 'outcome.close' },
    { type: 'restore.confirmed' },
    { type: 'load.retry' },
    ...internalEvents(snapshot, {
      pollPaymentStatus: {
        output: [
          { status: 'active', latestError: null },
          { status: 'canceled', latestError: null },
          null,
        ],
        error: [new Error('poll failed')],
      },
      loadSubscription: {
        output: [
          { subscription: active, plans },
          { subscription: canceled, plans },
          { subscription: free, plans },
        ],
        error: [new Error('down')],
      },
      fetchAutopayment: {
        output: [
          { status: 'canceled', latestError: null },
          { status: 'none', latestError: null },
        ],
        error: [new Error('down')],
      },
      restoreSubscription: { output: [undefined], error: [new Error('refused')] },
    }),
  ],
  serialize: (snapshot) => ({
    query: snapshot.context.query,
    outcome: snapshot.context.outcome,
    plan: snapshot.context.data?.subscription.plan ?? null,
    canceled: snapshot.context.data?.subscription.canceled_at ?? null,
    autopayment: snapshot.context.autopayment?.status ?? null,
  }),
  states: {
    polling: (snapshot) => {
      expect(snapshot.hasTag('waitingForPayment')).toBe(true);
      // The return's query stays in the address: a reload polls again.
      expect(snapshot.hasTag('returnQuery')).toBe(true);
      // The payment-status child polls (its own path test checks the deadlines).
      expect(snapshot.children.pollPaymentStatus).toBeDefined();
      expect(snapshot.context.data).toBeNull();
    },
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.loadSubscription).toBeDefined();
      // The outcome is decided: the query may leave the address.
      expect(snapshot.hasTag('returnQuery')).toBe(false);
    },
    unavailable: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'load.retry' })).toBe(true);
      expect(snapshot.can({ type: 'restore.confirmed' })).toBe(false);
    },
    // Asked only where neither the poll nor the subscription told it.
    readingAutopayment: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.autopayment).toBeNull();
      expect(needsAutopayment(snapshot.context.data!.subscription)).toBe(true);
    },
    // Restore is taken only where the server will restore.
    restoring: (snapshot) => expect(snapshot.context.autopayment?.status).toBe('canceled'),
    // The dialog and the plan show the subscription as loaded or brought.
    showingOutcome: (snapshot) => {
      expect(snapshot.context.outcome).not.toBeNull();
      expect(snapshot.hasTag('returnQuery')).toBe(false);
      expect(snapshot.context.data?.plans).toEqual(plans);
    },
    ready: (snapshot) => {
      expect(snapshot.context.outcome).toBeNull();
      expect(snapshot.hasTag('returnQuery')).toBe(false);
      expect(snapshot.context.data?.plans).toEqual(plans);
    },
  },
  view: {
    render: (snapshot) => subscriptionPage(snapshot),
    states: {
      polling: waiting(true),
      loading: waiting(false),
      readingAutopayment: waiting(false),
      unavailable: () => {
        screen.getByText("Couldn't load your subscription. Please try again.");
        expect(enabled(screen.getByRole('button', { name: 'Try again' }))).toBe(true);
      },
      ready: (snapshot) => {
        expect(screen.queryByRole('dialog')).toBeNull();
        // Restore is offered exactly where the server would take it.
        const restore = screen.queryByRole('button', { name: 'Restore' });
        const data = snapshot.context.data;
        expect(restore !== null).toBe(
          data !== null && canRestore(data.subscription, snapshot.context.autopayment),
        );
        if (restore) expect(enabled(restore)).toBe(true);
        expect(screen.queryByText('Your last payment failed') !== null).toBe(
          failedPayment(snapshot.context.autopayment) !== null,
        );
      },
      restoring: () => {
        const restore = screen.getByRole('button', { name: 'Restore' });
        expect(enabled(restore)).toBe(false);
        expect(restore.hasAttribute('data-loading')).toBe(true);
      },
      showingOutcome: (snapshot) => {
        const outcome = snapshot.context.outcome;
        expect(outcome).not.toBeNull();
        if (outcome) screen.getByRole('dialog', { name: titles[outcome] });
        screen.getByRole('button', { name: 'OK', hidden: true });
        if (outcome === 'invoice_requested') {
          // The requested plan, not the current one that stays until the invoice is paid.
          const dialog = within(screen.getByRole('dialog'));
          dialog.getByText('Requested plan: Premium, paid for a year');
          expect(dialog.queryByText(/^Plan: /)).toBeNull();
          expect(dialog.queryByText(/^Next payment/)).toBeNull();
        }
      },
    },
  },
});

describe('the start: the address read, and what the page brought', () => {
  it.each([none, ...returns])(
    '%j: a payment attempt is polled first, else its dialog is known',
    (query) => {
      const snapshot = createActor(subscriptionMachine, { input: { query } }).getSnapshot();
      expect(snapshot.value).toBe(query.status ? 'polling' : 'loading');
      expect(snapshot.context.outcome).toBe(query.status ? null : dialogFor(query, null));
      expect(snapshot.context.query).toEqual(query);
    },
  );

  it('keeps the plan it brought for the dialog of a return', () => {
    const data = { subscription: free, plans };
    const snapshot = createActor(subscriptionMachine, {
      input: { query: invoiced, data },
    }).getSnapshot();
    expect(snapshot.value).toBe('showingOutcome');
    expect(snapshot.context.data).toEqual(data);
  });

  it('keeps what the page brought: the plan, and the autopayment it asks no more of', () => {
    const data = { subscription: canceled, plans };
    const input = { query: none, data, autopayment: cancelledOne };
    const snapshot = createActor(subscriptionMachine, { input }).getSnapshot();
    expect(snapshot.context.data).toEqual(data);
    expect(snapshot.context.autopayment).toEqual(cancelledOne);
  });
});

describe('outcome of a return', () => {
  const q = (status: PageQuery['status'], scenario: PageQuery['scenario']) => ({
    status,
    scenario,
  });
  const polled = (status: string, latestError: string | null = null) => ({ status, latestError });
  it.each([
    [q('success', 'creation'), polled('active'), 'created'],
    [q('unknown', 'creation'), polled('failed'), 'creation_failed'],
    [q('failed', 'creation'), null, 'creation_failed'],
    // Cancel on the provider's page: Stripe's cancel_url says failed, YooKassa's unknown.
    [q('failed', 'creation'), polled('canceled'), 'payment_canceled'],
    [q('unknown', 'creation'), polled('canceled'), 'payment_canceled'],
    [q('failed', 'creation'), polled('failed', 'declined'), 'creation_failed'],
    [q('failed', 'creation'), polled('pending'), 'creation_failed'],
    [q('failed', 'creation'), polled('active'), 'created'],
    [q('unknown', 'creation'), polled('pending'), 'payment_failed'],
    [q('success', 'updating'), polled('active'), 'updated'],
    [q('success', 'updating'), polled('active', 'card_declined'), 'updating_failed'],
    [q(null, 'cancellation'), null, 'cancel'],
    [q(null, 'invoiceRequested'), null, 'invoice_requested'],
    [q('failed', null), null, 'payment_failed'],
    [q('failed', null), polled('canceled'), 'payment_failed'],
    // The server's word wins over the address: the payment went through after all.
    [q('failed', null), polled('active'), null],
    [q('success', null), polled('failed'), 'payment_failed'],
    [q(null, null), null, null],
  ] as const)('%j + %j → %s', (query, state, expected) => {
    expect(outcomeOf(query, state)).toBe(expected);
  });
});

describe('plan actions (section 4)', () => {
  const actions = (
    plan: Subscription['plan'],
    autopayment: boolean,
    canceled = false,
    restorable = canceled,
  ) => planActions({ plan, autopayment, canceled_at: canceled ? '2026-11-01' : null }, restorable);
  it('with autopayment', () => {
    expect(actions('free', true)).toEqual(['upgrade']);
    expect(actions('mini', true)).toEqual(['upgrade', 'change', 'cancel']);
    expect(actions('premium', true)).toEqual(['change', 'cancel']);
  });
  it('without autopayment', () => {
    expect(actions('free', false)).toEqual(['upgrade']);
    expect(actions('mini', false)).toEqual(['upgrade', 'renew', 'change']);
    expect(actions('premium', false)).toEqual(['renew', 'change']);
  });
  it('cancelled: only restore', () => expect(actions('premium', false, true)).toEqual(['restore']));
  it('cancelled without an autopayment to restore: what a plan without autopayment offers', () => {
    expect(actions('premium', false, true, false)).toEqual(['renew', 'change']);
    expect(actions('mini', false, true, false)).toEqual(['upgrade', 'renew', 'change']);
  });
});

describe('the autopayment: asked only where it is not known', () => {
  it('the subscription tells it for none and for an active one; a cancelled or failed one is asked', () => {
    expect(needsAutopayment(active)).toBe(false);
    expect(needsAutopayment(free)).toBe(false);
    expect(needsAutopayment(canceled)).toBe(true);
    // A paid plan without an autopayment (bought by invoice, or renewed by hand).
    const invoicePaid: Subscription = { ...active, autopayment: false, autopayment_status: null };
    expect(needsAutopayment(invoicePaid)).toBe(false);
    // A refused renewal that left the plan at free: the page tells why.
    expect(needsAutopayment({ ...free, autopayment_status: 'failed' })).toBe(true);
  });
  it('restores only a cancelled autopayment; tells a failed one', () => {
    const state = (status: string, latestError: string | null = null) => ({ status, latestError });
    expect(canRestore(canceled, state('canceled'))).toBe(true);
    expect(canRestore(canceled, state('none'))).toBe(false);
    expect(canRestore(canceled, null)).toBe(false);
    expect(canRestore(active, state('canceled'))).toBe(false);
    expect(failedPayment(state('failed', 'declined'))).toBe('declined');
    expect(failedPayment(state('failed'))).toBe('');
    expect(failedPayment(state('active', 'declined'))).toBeNull();
    expect(failedPayment(null)).toBeNull();
  });
});
