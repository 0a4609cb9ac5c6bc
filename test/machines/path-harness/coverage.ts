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
  transitions: Tally;
  paths: number;
}

export interface ObservedKeys {
  /** State node ids that were active at some point. */
  states: ReadonlySet<string>;
  /** Keys from `keyOfTakenTransition`. */
  transitions: ReadonlySet<string>;
}

export function computeCoverage(
  machine: AnyStateMachine,
  observed: ObservedKeys,
  paths: number,
): CoverageReport {
  const stateIds = stateNodesOf(machine).map((node) => node.id);
  const transitions = allTransitionsOf(machine);
  const missingStates = stateIds.filter((id) => !observed.states.has(id));
  const missingTransitions = transitions.filter((t) => !observed.transitions.has(t.key));
  return {
    machine: machine.id,
    states: tally(stateIds.length, missingStates),
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
  ];
  return `${report.machine}: ${report.states.covered}/${report.states.total} states, ${report.transitions.covered}/${report.transitions.total} transitions\n${lines.join('\n')}`;
}

/**
 * Writes `<dir>/<machine>.json`; a second suite for the same machine in the same run
 * gets `<machine>.2.json` (created exclusively, as test files run in parallel), and
 * `npm run paths` merges them.
 */
export function writeReport(dir: string, report: CoverageReport): string {
  mkdirSync(dir, { recursive: true });
  for (let n = 1; ; n++) {
    const file = join(dir, n === 1 ? `${report.machine}.json` : `${report.machine}.${n}.json`);
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${JSON.stringify(report, null, 2)}\n`);
      closeSync(fd);
      return file;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
}
