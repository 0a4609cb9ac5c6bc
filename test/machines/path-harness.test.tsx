import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import {
  computeCoverage,
  createObserved,
  describeMachinePaths,
  executePath,
  generatePaths,
  internalEvents,
  outputOf,
  type Outcome,
  type StepTable,
} from './path-harness.ts';
import { formatMissing, unknownStateKeys } from './path-harness/coverage.ts';
import { lampMachine } from './fixtures/lamp.machine.ts';
import { submitFormMachine } from './fixtures/submit-form.machine.ts';

const rejectedByServer = Object.assign(new Error('server said no'), { code: 'server' });

/** What each step of the fixture does, written from its description rather than read from it. */
const submitFormSteps: StepTable = {
  editing: { 'form.submit': { to: 'working.submitting', starts: { submitForm: undefined } } },
  'working.submitting': {
    'done: submitForm': (_, event) => {
      const { status } = outputOf(event) as { status: string };
      return { to: status === 'accepted' ? 'accepted' : 'rejected', set: { status } };
    },
    // One retry, then it fails.
    'error: submitForm': ({ context }) =>
      context['attempts'] === 0
        ? { to: 'working.waitingToRetry', set: { attempts: 1 } }
        : { to: 'failed' },
    'after giveUpAfter': { to: 'failed', after: 10_000 },
  },
  'working.waitingToRetry': {
    // A second longer for each attempt made.
    'after retryDelay': {
      to: 'working.submitting',
      after: 2000,
      starts: { submitForm: undefined },
    },
    // The retry, due first, fires on the way to the deadline and starts the effect again.
    'after giveUpAfter': { to: 'failed', after: 10_000, starts: { submitForm: undefined } },
    'retry.cancel': { to: 'editing' },
  },
  rejected: { 'form.edit': { to: 'editing' } },
};

// The complete case: every state and transition of the fixture is reached, so the
// generated coverage test passes.
describeMachinePaths(submitFormMachine, {
  paths: 17,
  events: (snapshot) => [
    { type: 'form.submit' },
    { type: 'form.edit' },
    { type: 'retry.cancel' },
    ...internalEvents(snapshot, {
      submitForm: {
        output: [{ status: 'accepted' }, { status: 'rejected' }],
        error: [rejectedByServer],
      },
    }),
  ],
  states: {
    editing: (snapshot) => expect(snapshot.can({ type: 'form.submit' })).toBe(true),
    working: (snapshot) => expect(snapshot.can({ type: 'form.submit' })).toBe(false),
    'working.submitting': (snapshot) => expect(snapshot.children.submitForm).toBeDefined(),
    'working.waitingToRetry': (snapshot) => expect(snapshot.context.attempts).toBe(1),
    '#submitForm.accepted': (snapshot) => expect(snapshot.status).toBe('done'),
    rejected: (snapshot) => expect(snapshot.context.status).toBe('rejected'),
    failed: (snapshot) => expect(snapshot.status).toBe('done'),
  },
  steps: submitFormSteps,
});

describe('the step table', () => {
  const paths = generatePaths(submitFormMachine, {
    events: (snapshot) => [
      { type: 'form.submit' },
      ...internalEvents(snapshot, {
        submitForm: { output: [{ status: 'rejected' }], error: [rejectedByServer] },
      }),
    ],
  });
  const retried = paths.find((path) =>
    path.steps.some((step) => step.event.type.startsWith('xstate.after.retryDelay')),
  );
  const run = (steps: StepTable) =>
    executePath(submitFormMachine, retried!, { steps }, createObserved());

  it('passes a path whose every step does what its row says', async () => {
    await expect(run(submitFormSteps)).resolves.toBeUndefined();
  });

  it('fails a step that has no row', async () => {
    const { rejected: _, ...partial } = submitFormSteps;
    const { 'error: submitForm': __, ...rest } = submitFormSteps['working.submitting']!;
    await expect(run({ ...partial, 'working.submitting': rest })).rejects.toThrow(
      'no row for working.submitting × error: submitForm',
    );
  });

  it('fails a step that leads elsewhere, changes other context, starts other effects or waits otherwise', async () => {
    const changed = (row: Partial<Outcome>) => ({
      ...submitFormSteps,
      'working.waitingToRetry': {
        ...submitFormSteps['working.waitingToRetry'],
        'after retryDelay': {
          to: 'working.submitting',
          after: 2000,
          starts: { submitForm: undefined },
          ...row,
        },
      },
    });
    await expect(run(changed({ to: 'failed' }))).rejects.toThrow('leads to');
    await expect(run(changed({ set: { attempts: 2 } }))).rejects.toThrow('context.attempts');
    await expect(run(changed({ starts: {} }))).rejects.toThrow('starts');
    await expect(run(changed({ after: 1000 }))).rejects.toThrow("the timer's delay");
  });
});

describe('internalEvents', () => {
  it('lists the timers and running invocations of the active states, with payloads', () => {
    const actor = createActor(submitFormMachine).start();
    actor.send({ type: 'form.submit' });
    const events = internalEvents(actor.getSnapshot(), {
      submitForm: { output: [{ status: 'accepted' }] },
    });
    actor.stop();
    expect(events).toEqual([
      { type: 'xstate.after.giveUpAfter.submitForm.working' },
      { type: 'xstate.done.actor.submitForm', output: { status: 'accepted' } },
      { type: 'xstate.error.actor.submitForm', error: new Error('submitForm failed') },
    ]);
  });
});

describe('generatePaths', () => {
  it('gives every transition of the state graph a path, without prefix paths', () => {
    const paths = generatePaths(lampMachine, {
      events: () => [{ type: 'switch.on' }, { type: 'switch.off' }, { type: 'power.cut' }],
    });
    expect(paths.map((path) => path.description).sort()).toEqual([
      'switch.on → power.cut ⇒ off',
      'switch.on → switch.off ⇒ off',
    ]);
  });
});

describe('computeCoverage', () => {
  it('reports exactly the transition no event reaches', async () => {
    // `power.cut` is left out of the events, as a forgetful test would.
    const options = { events: () => [{ type: 'switch.on' }, { type: 'switch.off' }] };
    const paths = generatePaths(lampMachine, options);
    const observed = createObserved();
    for (const path of paths) await executePath(lampMachine, path, {}, observed);

    // A check for `on` ran (the path rests there); none was written for `off`.
    observed.ran.add('on');
    const report = computeCoverage(lampMachine, observed, paths.length, ['on']);
    expect(report).toEqual({
      machine: 'lamp',
      states: { total: 2, covered: 2, missing: [] },
      asserted: { total: 2, covered: 1, missing: ['lamp.off'] },
      passThrough: [],
      neverRan: [],
      transitions: { total: 3, covered: 2, missing: ['lamp.on power.cut → lamp.off'] },
      paths: 1,
    });
  });

  it('demands a check of every state a path rests in, and that every check runs', async () => {
    const paths = generatePaths(submitFormMachine, {
      events: (snapshot) => [
        { type: 'form.submit' },
        { type: 'form.edit' },
        { type: 'retry.cancel' },
        ...internalEvents(snapshot, {
          submitForm: { output: [{ status: 'accepted' }, { status: 'rejected' }] },
        }),
      ],
    });
    const observed = createObserved();
    const states = {
      editing: () => {},
      // Passed through (eventless), so never seen at rest: this check can never run.
      'working.deciding': () => {},
    };
    for (const path of paths) await executePath(submitFormMachine, path, { states }, observed);
    const report = computeCoverage(submitFormMachine, observed, paths.length, Object.keys(states));
    expect(report.passThrough).toEqual(['submitForm.working.deciding']);
    expect(report.neverRan).toEqual([{ key: 'working.deciding', passThrough: true }]);
    // Every state at rest but `editing` lacks a check; the pass-through one is not asked for.
    expect(report.asserted.missing).toEqual([
      'submitForm.working',
      'submitForm.working.submitting',
      'submitForm.working.waitingToRetry',
      'submitForm.accepted',
      'submitForm.rejected',
      'submitForm.failed',
    ]);
    expect(formatMissing(report)).toContain(
      'check that can never run: working.deciding is only passed through',
    );
    expect(formatMissing(report)).toContain('state with no check of its own: submitForm.rejected');
  });

  it('counts an initial state its eventless transitions leave as the actor is made as entered', async () => {
    // Where the start leads depends on the input, as a page's address or its brought reads do.
    const door = setup({ types: { input: {} as { locked: boolean } } }).createMachine({
      id: 'door',
      context: ({ input }) => input,
      initial: 'opening',
      states: {
        opening: {
          always: [
            { guard: ({ context }) => context.locked, target: 'locked' },
            { target: 'shut' },
          ],
        },
        locked: { on: { unlock: 'shut' } },
        shut: {},
      },
    });
    const observed = createObserved();
    for (const input of [{ locked: true }, { locked: false }]) {
      const paths = generatePaths(door, { input, events: () => [{ type: 'unlock' }] });
      for (const path of paths) await executePath(door, path, {}, observed);
    }
    const report = computeCoverage(door, observed, 2);
    expect(report.states.missing).toEqual([]);
    expect(report.passThrough).toEqual(['door.opening']);
    expect(report.transitions.missing).toEqual([]);
  });

  it('fails a check that never ran on any path', () => {
    const observed = createObserved();
    observed.states.add('lamp.off');
    observed.resting.add('lamp.off');
    const report = computeCoverage(lampMachine, observed, 0, ['on']);
    expect(report.neverRan).toEqual([{ key: 'on', passThrough: false }]);
    expect(formatMissing(report)).toContain('check that never ran: on');
  });

  it('renders the view at every step and demands a view check of every state at rest', async () => {
    const paths = generatePaths(lampMachine, {
      events: () => [{ type: 'switch.on' }, { type: 'switch.off' }],
    });
    const observed = createObserved();
    const view = {
      render: (snapshot: { value: unknown }) => <p>The lamp is {String(snapshot.value)}</p>,
      // Only `on` has a view check.
      states: { on: () => expect(screen.getByText('The lamp is on')).toBeDefined() },
    };
    for (const path of paths) await executePath(lampMachine, path, { view }, observed);
    const report = computeCoverage(lampMachine, observed, paths.length, [], ['on']);
    expect(report.viewed).toEqual({ total: 2, covered: 1, missing: ['lamp.off'] });
    expect(report.viewNeverRan).toEqual([]);
    expect(formatMissing(report)).toContain('state whose view is not checked: lamp.off');
  });

  it('fails a step whose view does not show what its state must', async () => {
    const [path] = generatePaths(lampMachine, { events: () => [{ type: 'switch.on' }] });
    const view = {
      render: () => <p>The lamp is off</p>,
      states: { on: () => expect(screen.queryByText('The lamp is on')).not.toBeNull() },
    };
    await expect(executePath(lampMachine, path!, { view }, createObserved())).rejects.toThrow();
  });

  it('tells the check keys that name no state: a misspelled one would never run', () => {
    expect(unknownStateKeys(submitFormMachine, ['editing', 'working.deciding'])).toEqual([]);
    expect(
      unknownStateKeys(lampMachine, ['on', '#lamp.off', 'of', 'on.bright', '#lamp.of']),
    ).toEqual(['of', 'on.bright', '#lamp.of']);
  });

  it('counts nested states and always/after/done/error transitions', () => {
    const report = computeCoverage(submitFormMachine, createObserved(), 0);
    expect(report.states.total).toBe(8);
    expect(report.transitions.missing).toEqual([
      'submitForm.editing form.submit → submitForm.working',
      'submitForm.working after giveUpAfter → submitForm.failed',
      'submitForm.working.submitting done: submitForm → submitForm.working.deciding',
      'submitForm.working.submitting error: submitForm [canRetry] (#0) → submitForm.working.waitingToRetry',
      'submitForm.working.submitting error: submitForm (#1) → submitForm.failed',
      'submitForm.working.waitingToRetry retry.cancel → submitForm.editing',
      'submitForm.working.waitingToRetry after retryDelay → submitForm.working.submitting',
      'submitForm.working.deciding always [isAccepted] (#0) → submitForm.accepted',
      'submitForm.working.deciding always (#1) → submitForm.rejected',
      'submitForm.rejected form.edit → submitForm.editing',
    ]);
  });
});

describe('executePath', () => {
  it('fails a step whose live state differs from the model', async () => {
    const [path] = generatePaths(lampMachine, { events: () => [{ type: 'switch.on' }] });
    if (!path) throw new Error('expected a path');
    // Send an event `off` ignores where the model says `switch.on`: it still expects `on`.
    const steps = path.steps.map((step) => ({ ...step, event: { type: 'power.cut' } }));
    const wrong = { ...path, steps };
    await expect(executePath(lampMachine, wrong, {}, createObserved())).rejects.toThrow(
      /state value/,
    );
  });
});
