// Runs one generated path against a real actor: effects become deferred promises the
// path settles, timers run on vitest fake timers, and every step is checked against
// the model's prediction. What the actor really did is recorded for coverage.
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  isMachineSnapshot,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { keyOfTakenTransition } from '../../../scripts/lib/statechart.ts';
import { classify, toJson } from './events.ts';
import type { MachinePath } from './generate.ts';
import { checkStep, type StepTable } from './steps.ts';

export interface Observed {
  /** Every state node active at some microstep, passed through or not. */
  states: Set<string>;
  /** State nodes active in a snapshot the actor rested in after a step: checks see these. */
  resting: Set<string>;
  transitions: Set<string>;
  /** The per-state check keys that ran at least once. */
  ran: Set<string>;
  /** The per-state view check keys that ran at least once. */
  viewRan: Set<string>;
  /** The snapshots (status, value, context) whose view was drawn and checked already. */
  drawn: Set<string>;
  /** The step table's rows some step used. */
  rows: Set<string>;
}

/**
 * The machine's real view, rendered with Testing Library at every step of every path,
 * and what it must show in each state (checks keyed like the machine's).
 */
export interface PathView {
  render: (snapshot: AnyMachineSnapshot) => ReactElement;
  states: Record<string, (snapshot: AnyMachineSnapshot) => void>;
}

export interface ExecuteOptions {
  serialize?: ((snapshot: AnyMachineSnapshot) => unknown) | undefined;
  /** Assertions keyed by state path (`work.waiting`) or `#state.id`, run after each step. */
  states?: Record<string, (snapshot: AnyMachineSnapshot) => void> | undefined;
  /** Replacement delay values (ms), e.g. to mirror production timings. */
  delays?: Record<string, number> | undefined;
  view?: PathView | undefined;
  /** What each step must do, from the spec: every step needs its row. */
  steps?: StepTable | undefined;
}

interface Deferred {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export function createObserved(): Observed {
  return {
    states: new Set(),
    resting: new Set(),
    transitions: new Set(),
    ran: new Set(),
    viewRan: new Set(),
    drawn: new Set(),
    rows: new Set(),
  };
}

export async function executePath(
  machine: AnyStateMachine,
  path: MachinePath,
  options: ExecuteOptions,
  observed: Observed,
): Promise<void> {
  // Keyed by invoke id: a promise actor's `self.id` is the id of the invoke that started it.
  const running = new Map<string, Deferred>();
  // The invocations a step starts, with their input, for the step table.
  const started = new Map<string, unknown>();
  const deferredActor = fromPromise(({ self, input }: { self: { id: string }; input: unknown }) => {
    started.set(self.id, input);
    return new Promise<unknown>((resolve, reject) => running.set(self.id, { resolve, reject }));
  });
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of Object.keys(machine.implementations.actors)) actors[src] = deferredActor;
  const testMachine = machine.provide({ actors, delays: options.delays ?? {} });

  const received: string[] = [];
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) observed.states.add(node.id);
  };
  const inspect = (event: InspectionEvent) => {
    // Only the root actor: the deferred promise actors report their own events too.
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.event') received.push(event.event.type);
    if (event.type === '@xstate.microstep' && isMachineSnapshot(event.snapshot)) {
      record(event.snapshot);
      for (const transition of event._transitions) {
        const key = keyOfTakenTransition(transition);
        if (key !== undefined) observed.transitions.add(key);
        // The state it left was active, though no snapshot shows it: an initial state
        // its eventless transitions leave at once, as the actor is made.
        for (
          let node: typeof transition.source.parent = transition.source;
          node;
          node = node.parent
        )
          observed.states.add(node.id);
      }
    }
  };

  vi.useFakeTimers();
  const actor = createActor(testMachine, { input: path.input, inspect });
  try {
    actor.start();
    await check(actor.getSnapshot(), path.initial, 'initial state', options, observed);
    record(actor.getSnapshot());
    for (const [index, step] of path.steps.entries()) {
      const where = `step ${index + 1} (${step.event.type})`;
      received.length = 0;
      started.clear();
      const before = actor.getSnapshot();
      const delay = await perform(step.event, actor, running, where);
      await settle(() => received.includes(step.event.type));
      expect(received, `${where}: the actor never processed the event`).toContain(step.event.type);
      const after = actor.getSnapshot();
      if (options.steps) {
        const seen = { before, after, event: step.event, started, delay };
        observed.rows.add(checkStep(options.steps, seen, where));
      }
      await check(after, step.state, where, options, observed);
      record(actor.getSnapshot());
    }
  } finally {
    actor.stop();
    if (options.view) cleanup();
    vi.useRealTimers();
  }
}

async function perform(
  event: EventObject,
  actor: ReturnType<typeof createActor<AnyStateMachine>>,
  running: Map<string, Deferred>,
  where: string,
): Promise<number | undefined> {
  const step = classify(event);
  if (step.kind === 'send') {
    actor.send(event);
  } else if (step.kind === 'after') {
    // The scheduler knows when the timer started and its resolved delay, so the
    // clock moves exactly to its deadline (earlier timers fire on the way, as in life).
    const timers = Object.values(actor.system.getSnapshot()._scheduledEvents);
    const timer = timers.find((t) => t.event.type === event.type && t.target === actor);
    if (!timer) throw new Error(`${where}: no timer is pending for ${event.type}`);
    await vi.advanceTimersByTimeAsync(Math.max(0, timer.startedAt + timer.delay - Date.now()));
    return timer.delay;
  } else {
    const deferred = running.get(step.invokeId);
    if (!deferred) throw new Error(`${where}: no invocation '${step.invokeId}' is running`);
    running.delete(step.invokeId);
    if (step.kind === 'done') deferred.resolve('output' in event ? event.output : undefined);
    else deferred.reject('error' in event ? event.error : undefined);
  }
  return undefined;
}

/** Lets promise callbacks run until `done()` holds (a settled promise needs a few ticks). */
async function settle(done: () => boolean): Promise<void> {
  for (let tick = 0; tick < 20 && !done(); tick++) await Promise.resolve();
}

async function check(
  live: AnyMachineSnapshot,
  predicted: AnyMachineSnapshot,
  where: string,
  options: ExecuteOptions,
  observed: Observed,
): Promise<void> {
  for (const node of live._nodes) observed.resting.add(node.id);
  const error = live.status === 'error' ? `: ${String(live.error)}` : '';
  expect(live.status, `${where}: status${error}`).toBe(predicted.status);
  expect(live.value, `${where}: state value`).toEqual(predicted.value);
  const view = options.serialize ?? ((snapshot: AnyMachineSnapshot): unknown => snapshot.context);
  expect(toJson(view(live)), `${where}: context`).toBe(toJson(view(predicted)));
  runChecks(live, options.states, observed.ran);
  // A view is drawn from its snapshot alone: one drawn and checked on an earlier path
  // (the same state, context and status) shows the same again, so it is not redrawn.
  const drawn = toJson({ status: live.status, value: live.value, context: live.context });
  if (options.view && !observed.drawn.has(drawn)) {
    observed.drawn.add(drawn);
    // The view the user would see in this state, from scratch, as a page load would draw it.
    cleanup();
    const { container } = render(options.view.render(live));
    // The providers' router draws the page a few microtasks later (no timer involved,
    // so the fake clock, and the machine's timers, stay where they are).
    for (let tick = 0; tick < 50 && !container.textContent; tick++) {
      await act(() => Promise.resolve());
    }
    expect(container.textContent, `${where}: the view shows nothing`).not.toBe('');
    runChecks(live, options.view.states, observed.viewRan);
  }
}

function runChecks(
  live: AnyMachineSnapshot,
  checks: Record<string, (snapshot: AnyMachineSnapshot) => void> | undefined,
  ran: Set<string>,
): void {
  for (const [key, assertion] of Object.entries(checks ?? {})) {
    const active = key.startsWith('#')
      ? live._nodes.some((node) => `#${node.id}` === key)
      : live.matches(key);
    if (active) {
      assertion(live);
      ran.add(key);
    }
  }
}
