import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  paymentStatusMachine,
  type AutopaymentState,
  type ReturnStatus,
} from '../../machines/payment-status.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const pending: AutopaymentState = { status: 'pending', latestError: null };
const active: AutopaymentState = { status: 'active', latestError: null };

describeMachinePaths(paymentStatusMachine, {
  paths: 27,
  // Shortened deadlines: the clock is fake, but short ones keep the paths readable.
  delays: { pollInterval: 1000, successTimeout: 3000, unknownTimeout: 2000 },
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
