import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  paymentStatusMachine,
  type AutopaymentState,
  type ReturnStatus,
} from '../../machines/payment-status.machine.ts';
import {
  outcomeOf,
  subscriptionMachine,
  type PageQuery,
} from '../../machines/subscription.machine.ts';
import { subscriptionPage } from '../render/subscription-page.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';

// This machine is the /subscription page's child (pollPaymentStatus): while it runs the
// page is in 'polling' and draws it with its view (PaymentStatusView); once it is done,
// the page takes its answer and loads the subscription. So it is drawn in
// SubscriptionView, with the page's snapshot at that moment.
const pageOf = (snapshot: SnapshotFrom<typeof paymentStatusMachine>) => {
  const query: PageQuery = { status: snapshot.context.returnStatus, scenario: 'creation' };
  if (snapshot.status !== 'done') {
    return subscriptionMachine.resolveState({
      value: 'polling',
      context: { query, data: null, autopayment: null, outcome: null },
    });
  }
  // The page's onDone: the outcome from what was polled, the autopayment kept; it loads.
  const polled = snapshot.output ?? null;
  return subscriptionMachine.resolveState({
    value: 'loading',
    context: { query, data: null, autopayment: polled, outcome: outcomeOf(query, polled) },
  });
};
const WAITING = 'waiting response from payment system';
/** While the payment system is awaited: its spinner, nothing of the plan, no dialog. */
const waitsForPayment = () => {
  expect(screen.getByRole('status').textContent).toContain(WAITING);
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
  // The page's title only: no plan, no retry, nothing to press while it waits.
  screen.getByRole('heading', { name: 'Subscription' });
  expect(screen.queryAllByRole('button')).toEqual([]);
};
/** Polling over: the waiting message goes, the subscription loads (its outcome comes after). */
const loadsTheSubscription = () => {
  expect(screen.getByRole('status').textContent).toContain('Loading…');
  expect(screen.queryByText(WAITING)).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
};

const pending: AutopaymentState = { status: 'pending', latestError: null };
const active: AutopaymentState = { status: 'active', latestError: null };

/** Section 4: the statuses that end the polling; anything else means waiting. */
const FINAL = ['canceled', 'active', 'failed', 'none'];
/** One answer of the poll: a final status settles, anything else waits a second. */
const answered = (state: AutopaymentState) => ({
  to: FINAL.includes(state.status) ? 'settled' : 'polling.waiting',
  set: { last: state },
});
/** Section 4: 30 s after a success return, 11 s after an unknown (or failed) one. */
const deadline = ({ context }: { context: { returnStatus: ReturnStatus } }) =>
  context.returnStatus === 'success' ? 30_000 : 11_000;
const start = (returnStatus: ReturnStatus) => ({
  to: 'polling.checking',
  set: { returnStatus },
  starts: { fetchAutopaymentState: undefined },
});

describeMachinePaths(paymentStatusMachine, {
  paths: 27,
  // Section 4, Payment status polling (and section 9, Polling): every 1 s, up to 30 s
  // after success and 11 s after unknown; a final status ends it, at the deadline the
  // last seen status stands.
  steps: {
    idle: {
      'poll.start': (_, event) => start((event as { returnStatus: ReturnStatus }).returnStatus),
    },
    'polling.checking': {
      'done: fetchAutopaymentState': (_, event) => answered(outputOf(event)),
      // A failed poll changes nothing seen; the next one comes a second later.
      'error: fetchAutopaymentState': { to: 'polling.waiting' },
      'after successTimeout': (before) => ({ to: 'timedOut', after: deadline(before) }),
      'after unknownTimeout': (before) => ({ to: 'timedOut', after: deadline(before) }),
    },
    'polling.waiting': {
      'after pollInterval': {
        to: 'polling.checking',
        after: 1000,
        starts: { fetchAutopaymentState: undefined },
      },
      // The clock runs on to the deadline, so the poll due a second later starts on the
      // way, and the deadline ends it unanswered.
      'after successTimeout': (before) => ({
        to: 'timedOut',
        after: deadline(before),
        starts: { fetchAutopaymentState: undefined },
      }),
      'after unknownTimeout': (before) => ({
        to: 'timedOut',
        after: deadline(before),
        starts: { fetchAutopaymentState: undefined },
      }),
    },
  },
  events: (snapshot) => [
    { type: 'poll.start', returnStatus: 'success' },
    { type: 'poll.start', returnStatus: 'unknown' },
    { type: 'poll.start', returnStatus: 'failed' },
    ...internalEvents(snapshot, {
      fetchAutopaymentState: { output: [active, pending], error: [new Error('network down')] },
    }),
  ],
  serialize: (snapshot) => ({
    returnStatus: snapshot.context.returnStatus,
    last: snapshot.context.last?.status ?? null,
  }),
  states: {
    idle: (snapshot) => {
      // Nothing is fetched until the page says how the user came back.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.children.fetchAutopaymentState).toBeUndefined();
      expect(snapshot.context.last).toBeNull();
    },
    polling: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    'polling.checking': (snapshot) => {
      expect(snapshot.children.fetchAutopaymentState).toBeDefined();
    },
    'polling.waiting': (snapshot) => {
      // Between polls: nothing under way, and what was seen last (if anything) is not final.
      expect(snapshot.children.fetchAutopaymentState).toBeUndefined();
      expect(snapshot.context.last?.status ?? 'pending').toBe('pending');
    },
    settled: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output?.status).toBe('active');
    },
    timedOut: (snapshot) => {
      expect(snapshot.status).toBe('done');
      // The last seen status decides (null when no poll answered in time).
      expect(snapshot.output).toEqual(snapshot.context.last);
    },
  },
  view: {
    render: (snapshot) => subscriptionPage(pageOf(snapshot), snapshot),
    states: {
      // The page tells the child the return status on entering 'polling': it waits already.
      idle: waitsForPayment,
      polling: waitsForPayment,
      // Asking and waiting between polls look the same to the user.
      'polling.checking': waitsForPayment,
      'polling.waiting': waitsForPayment,
      settled: loadsTheSubscription,
      timedOut: loadsTheSubscription,
    },
  },
});

describe('payment-status deadlines at production timings', () => {
  afterEach(() => vi.useRealTimers());

  const run = (returnStatus: ReturnStatus, answer: AutopaymentState) => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => answer);
    const actor = createActor(
      paymentStatusMachine.provide({ actors: { fetchAutopaymentState: fromPromise(fetch) } }),
    );
    actor.start();
    actor.send({ type: 'poll.start', returnStatus });
    return { actor, fetch };
  };

  it('polls every second for 30 s after success, then answers the last status', async () => {
    const { actor, fetch } = run('success', pending);
    await vi.advanceTimersByTimeAsync(29_900);
    expect(actor.getSnapshot().status).toBe('active');
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(29);
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().output).toEqual(pending);
  });

  it('gives up after 11 s when the return status was unknown', async () => {
    const { actor } = run('unknown', pending);
    await vi.advanceTimersByTimeAsync(10_900);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('polls a failed return too, for 11 s: the server tells a cancel from a decline', async () => {
    const { actor, fetch } = run('failed', pending);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_890);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('stops at the first final status', async () => {
    const { actor, fetch } = run('success', { status: 'none', latestError: null });
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().value).toBe('settled');
    expect(actor.getSnapshot().output?.status).toBe('none');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
