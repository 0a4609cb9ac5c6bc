// Model-based path tests for XState v5 machines with invoke and after, which
// @xstate/test's createTestModel rejects (docs/decisions/0101).
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import {
  computeCoverage,
  formatMissing,
  unknownStateKeys,
  writeNumbered,
} from './path-harness/coverage.ts';
import { createObserved, executePath } from './path-harness/execute.ts';
import { formatValue, generatePaths } from './path-harness/generate.ts';
import { planOf } from './path-harness/plan.ts';
import { rowsOf, type StepTable } from './path-harness/steps.ts';

export { internalEvents, type Outcomes } from './path-harness/events.ts';
export { computeCoverage, type CoverageReport } from './path-harness/coverage.ts';
export { createObserved, executePath, type PathView } from './path-harness/execute.ts';
export { generatePaths, type MachinePath } from './path-harness/generate.ts';
export {
  errorOf,
  outputOf,
  type Outcome,
  type StepRow,
  type StepTable,
} from './path-harness/steps.ts';

export interface PathTestOptions<M extends AnyStateMachine> {
  /**
   * How many paths the machine's transitions give, pinned: a transition dropped from the
   * machine (an invoke's onError, a guard's branch) fails here instead of silently
   * leaving the paths and the totals that would have covered it.
   */
  paths: number;
  /** Candidate events; add `...internalEvents(snapshot, outcomes)` for timers and effects. */
  events: (snapshot: SnapshotFrom<M>) => EventObject[];
  /** What distinguishes states besides their value; the whole context by default. */
  serialize?: (snapshot: SnapshotFrom<M>) => unknown;
  input?: InputFrom<M>;
  /**
   * Other inputs the machine starts with, by name, each with the state it must start in
   * (from the spec): a page's machine given the answers its page carried starts past
   * its loading state (docs/decisions/0034). A start's path is the start alone, or with
   * `walk` every path from it, as from `input` (an input that leads elsewhere at once,
   * such as the address a page opens with). Their paths run beside the input's, named
   * after the start, and the pinned count covers them all.
   */
  starts?: Record<string, { input: InputFrom<M>; at: string; walk?: boolean }>;
  /** Assertions keyed by state path (`work.waiting`) or `#state.id`, run after each step. */
  states?: Record<string, (snapshot: SnapshotFrom<M>) => void>;
  /** Replacement delay values in ms (the clock is fake, so the defaults cost nothing). */
  delays?: Record<string, number>;
  /**
   * The machine's real view, rendered with Testing Library after every step of every
   * path, and per state what it must show. With it, every state the paths rest in needs
   * a view check too.
   */
  view?: {
    render: (snapshot: SnapshotFrom<M>) => ReactElement;
    states: Record<string, (snapshot: SnapshotFrom<M>) => void>;
  };
  /**
   * What each step must do, written from the spec: per state it leaves and event, the
   * state it leads to, the context it changes, the effects it starts with their input
   * and a timer's delay (path-harness/steps.ts). Every step needs its row, and every
   * row must be used.
   */
  steps?: StepTable<SnapshotFrom<M>, EventFromLogic<M>>;
}

/**
 * Registers one vitest test per generated path of `machine`, then a coverage test that
 * fails listing every state and transition no path took. With PATHS_REPORT_DIR set,
 * the coverage test also writes `<dir>/<machineId>.json` for `npm run paths`, and with
 * PATHS_PLAN naming the machine, its test plan to `<dir>/plans/<machineId>.json`.
 */
export function describeMachinePaths<M extends AnyStateMachine>(
  machine: M,
  options: PathTestOptions<M>,
): void {
  const adapt = forSnapshotsOf(machine);
  const adaptAll = (checks: Record<string, (snapshot: SnapshotFrom<M>) => void>) =>
    Object.fromEntries(Object.entries(checks).map(([key, check]) => [key, adapt(check)]));
  const { events, serialize, states } = options;
  const traversal = { events: adapt(events), serialize: serialize && adapt(serialize) };
  const execution = {
    ...traversal,
    delays: options.delays,
    states: states && adaptAll(states),
    view: options.view && {
      render: adapt(options.view.render),
      states: adaptAll(options.view.states),
    },
    steps: options.steps as StepTable | undefined,
  };

  describe(`${machine.id} paths`, () => {
    // Another start leads into states the input's paths walk on from already: its path
    // is the start alone, unless it walks.
    const starts = Object.entries(options.starts ?? {}).map(([name, { input, at, walk }]) => {
      const initial: AnyMachineSnapshot = createActor(machine as AnyStateMachine, {
        input,
      }).getSnapshot();
      const alone = {
        description: `(${name}) start ⇒ ${formatValue(initial.value)}`,
        input,
        initial,
        steps: [],
      };
      const walked = walk
        ? generatePaths(machine, { ...traversal, input }).map((path) => ({
            ...path,
            description: `(${name}) ${path.description}`,
          }))
        : [alone];
      return { name, at, initial, paths: walked };
    });
    const paths = [
      ...generatePaths(machine, { ...traversal, input: options.input }),
      ...starts.flatMap((start) => start.paths),
    ];
    const observed = createObserved();
    const checked = Object.keys(states ?? {});
    const viewChecked = options.view && Object.keys(options.view.states);
    it(`generates the ${options.paths} paths its transitions give`, () => {
      expect(paths.length).toBe(options.paths);
    });
    it('names only states of the machine in its per-state checks', () => {
      // A misspelled key would never match, and its check would silently never run.
      expect(unknownStateKeys(machine, [...checked, ...(viewChecked ?? [])])).toEqual([]);
    });
    for (const { name, at, initial } of starts) {
      it(`starts in ${at} when ${name}`, () => expect(initial.matches(at)).toBe(true));
    }
    for (const path of paths) {
      it(path.description, () => executePath(machine, path, execution, observed));
    }
    if (options.steps) {
      const rows = rowsOf(options.steps as StepTable);
      it('uses every row of its step table', () => {
        // A row no step takes describes a step the machine no longer makes (or misspells one).
        expect(rows.filter((row) => !observed.rows.has(row))).toEqual([]);
      });
    }
    it('covers every state and transition, and checks every state it rests in', () => {
      const report = computeCoverage(machine, observed, paths.length, checked, viewChecked);
      const dir = process.env.PATHS_REPORT_DIR;
      if (dir) writeNumbered(dir, machine.id, { ...report, stepTable: Boolean(options.steps) });
      if (dir && process.env.PATHS_PLAN === machine.id) {
        writeNumbered(join(dir, 'plans'), machine.id, planOf(machine, paths));
      }
      const complete =
        report.states.missing.length === 0 &&
        report.transitions.missing.length === 0 &&
        report.asserted.missing.length === 0 &&
        report.neverRan.length === 0 &&
        (report.viewed?.missing.length ?? 0) === 0 &&
        (report.viewNeverRan?.length ?? 0) === 0;
      expect(complete, formatMissing(report)).toBe(true);
    });
  });
}

/**
 * The harness handles snapshots as AnyMachineSnapshot; this checks each one belongs to
 * `machine` (or a `.provide()` copy) before handing it to a callback typed for it.
 */
function forSnapshotsOf<M extends AnyStateMachine>(machine: M) {
  const belongs = (snapshot: AnyMachineSnapshot): snapshot is SnapshotFrom<M> =>
    snapshot.machine.id === machine.id;
  return <R>(callback: (snapshot: SnapshotFrom<M>) => R) =>
    (snapshot: AnyMachineSnapshot): R => {
      if (!belongs(snapshot))
        throw new Error(`snapshot of ${snapshot.machine.id}, not ${machine.id}`);
      return callback(snapshot);
    };
}
