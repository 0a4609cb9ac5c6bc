// Which state nodes and transition definitions the executed paths never reached.
import { mkdirSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { allTransitionsOf, stateNodesOf } from '../../../scripts/lib/statechart.ts';

export interface Tally {
  total: number;
  covered: number;
  missing: string[];
}

export interface CoverageReport {
  machine: string;
  states: Tally;
  /**
   * States with a check of their own that ran on some path. A state only passed through
   * (eventless transitions leave it in the same step) is never seen at rest, so no check
   * can run in it: it counts as asserted through the states it leads to, whose checks
   * are required like every other's.
   */
  asserted: Tally;
  /** The pass-through states among them. */
  passThrough: string[];
  /**
   * With a view: states whose view check ran on some path (the view rendered for that
   * state showed what it must), by the same rule as `asserted`. Absent without a view.
   */
  viewed?: Tally;
  /** View check keys that never ran. */
  viewNeverRan?: string[];
  /** Check keys that never ran, and whether their state is only passed through. */
  neverRan: { key: string; passThrough: boolean }[];
  transitions: Tally;
  paths: number;
}

export interface ObservedKeys {
  /** State node ids that were active at some point. */
  states: ReadonlySet<string>;
  /** State node ids active in a snapshot after a step (what a check can see). */
  resting: ReadonlySet<string>;
  /** Keys from `keyOfTakenTransition`. */
  transitions: ReadonlySet<string>;
  /** Check keys that ran. */
  ran: ReadonlySet<string>;
  /** View check keys that ran. */
  viewRan?: ReadonlySet<string>;
}

/** The state a check key names: `#id`, or the path of dotted keys below the root. */
function nodeIdOf(machine: AnyStateMachine, key: string): string | undefined {
  const nodes = stateNodesOf(machine);
  const found = key.startsWith('#')
    ? nodes.find((node) => `#${node.id}` === key)
    : nodes.find((node) => node.path.length > 0 && node.path.join('.') === key);
  return found?.id;
}

/** Check keys that name no state of the machine. */
export function unknownStateKeys(machine: AnyStateMachine, keys: string[]): string[] {
  return keys.filter((key) => nodeIdOf(machine, key) === undefined);
}

export function computeCoverage(
  machine: AnyStateMachine,
  observed: ObservedKeys,
  paths: number,
  checkKeys: string[] = [],
  viewKeys?: string[],
): CoverageReport {
  const stateIds = stateNodesOf(machine).map((node) => node.id);
  const passThrough = stateIds.filter((id) => observed.states.has(id) && !observed.resting.has(id));
  const unchecked = (keys: string[], ran: ReadonlySet<string>) => {
    const checked = new Set(keys.filter((key) => ran.has(key)).map((k) => nodeIdOf(machine, k)));
    return stateIds.filter((id) => !checked.has(id) && !passThrough.includes(id));
  };
  const transitions = allTransitionsOf(machine);
  const missingStates = stateIds.filter((id) => !observed.states.has(id));
  const missingTransitions = transitions.filter((t) => !observed.transitions.has(t.key));
  return {
    machine: machine.id,
    states: tally(stateIds.length, missingStates),
    asserted: tally(stateIds.length, unchecked(checkKeys, observed.ran)),
    passThrough,
    ...(viewKeys && {
      viewed: tally(stateIds.length, unchecked(viewKeys, observed.viewRan ?? new Set())),
      viewNeverRan: viewKeys.filter((key) => !observed.viewRan?.has(key)),
    }),
    neverRan: checkKeys
      .filter((key) => !observed.ran.has(key))
      .map((key) => ({ key, passThrough: passThrough.includes(nodeIdOf(machine, key) ?? '') })),
    transitions: tally(
      transitions.length,
      missingTransitions.map((t) => t.label),
    ),
    paths,
  };
}

function tally(total: number, missing: string[]): Tally {
  return { total, covered: total - missing.length, missing };
}

export function formatMissing(report: CoverageReport): string {
  const lines = [
    ...report.states.missing.map((id) => `  state never entered: ${id}`),
    ...report.transitions.missing.map((label) => `  transition never taken: ${label}`),
    ...report.asserted.missing
      .filter((id) => !report.states.missing.includes(id))
      .map((id) => `  state with no check of its own: ${id}`),
    ...report.neverRan.map(({ key, passThrough }) =>
      passThrough
        ? `  check that can never run: ${key} is only passed through; check the states it leads to`
        : `  check that never ran: ${key}`,
    ),
    ...(report.viewed?.missing ?? [])
      .filter((id) => !report.states.missing.includes(id))
      .map((id) => `  state whose view is not checked: ${id}`),
    ...(report.viewNeverRan ?? []).map((key) => `  view check that never ran: ${key}`),
  ];
  return `${report.machine}: ${report.states.covered}/${report.states.total} states, ${report.transitions.covered}/${report.transitions.total} transitions\n${lines.join('\n')}`;
}

/**
 * Writes `<dir>/<name>.json`; a second suite for the same machine in the same run gets
 * `<name>.2.json` (created exclusively, as test files run in parallel), and
 * `npm run paths` merges them.
 */
export function writeNumbered(dir: string, name: string, value: unknown): string {
  mkdirSync(dir, { recursive: true });
  for (let n = 1; ; n++) {
    const file = join(dir, n === 1 ? `${name}.json` : `${name}.${n}.json`);
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${JSON.stringify(value, null, 2)}\n`);
      closeSync(fd);
      return file;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
}
