// The step table: what each step of a flow must do, written from the spec beside the
// machine rather than read from it, so a changed target, guard, assign, invoke input or
// delay in the machine makes the path that takes the step fail.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { eventLabel } from '../../../scripts/lib/statechart.ts';

export interface Outcome<C = Record<string, unknown>> {
  /** The state the step leads to, as a path below the root (`work.waiting`). */
  to: string;
  /** The context fields the step changes, with their new values; every other one stays. */
  set?: Partial<C>;
  /** The effects the step starts (invoke ids) with their input; nothing else may start. */
  starts?: Record<string, unknown>;
  /** For a timer firing: its delay in milliseconds, as the spec gives it. */
  after?: number;
}

/** A row: the outcome, or, where the spec's rule depends on the data, a function giving it. */
export type StepRow<S extends AnyMachineSnapshot = AnyMachineSnapshot, E = EventObject> =
  Outcome<S['context']> | ((before: S, event: E) => Outcome<S['context']>);

/**
 * Rows keyed by the state the step leaves (its path, `a.x + b.y` for parallel regions)
 * and then by the event as the charts label it: `form.submit`, `done: submitLogin`,
 * `error: submitLogin`, `after pollInterval`.
 */
export type StepTable<S extends AnyMachineSnapshot = AnyMachineSnapshot, E = EventObject> = Record<
  string,
  Record<string, StepRow<S, E>>
>;

/** `ready`, `work.waiting`, or for parallel regions `a.x + b.y`. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([region, inner]) =>
    inner && (typeof inner === 'string' || Object.keys(inner).length > 0)
      ? `${region}.${stateKey(inner)}`
      : region,
  );
  return parts.join(' + ');
}

/** What one step did, as the harness saw it. */
export interface StepSeen {
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  event: EventObject;
  /** The invocations started during the step, by invoke id, with their input. */
  started: Map<string, unknown>;
  /** The delay of the timer that fired, for a timer step. */
  delay: number | undefined;
}

/** `state × event` keys of the rows a step used, for the unused-row check. */
export const rowKey = (state: string, label: string) => `${state} × ${label}`;

/** Checks a step against its row; returns the row's key. Fails when no row is written. */
export function checkStep(table: StepTable, seen: StepSeen, where: string): string {
  const state = stateKey(seen.before.value);
  const label = eventLabel(seen.event.type);
  const row = table[state]?.[label];
  if (row === undefined) {
    throw new Error(`${where}: the step table has no row for ${rowKey(state, label)}`);
  }
  const outcome = typeof row === 'function' ? row(seen.before, seen.event) : row;
  expect(stateKey(seen.after.value), `${where}: leads to`).toBe(outcome.to);
  const before = seen.before.context as Record<string, unknown>;
  const after = seen.after.context as Record<string, unknown>;
  const set = (outcome.set ?? {}) as Record<string, unknown>;
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const expected = field in set ? set[field] : before[field];
    expect(after[field], `${where}: context.${field}`).toEqual(expected);
  }
  expect(Object.fromEntries(seen.started), `${where}: starts`).toStrictEqual(outcome.starts ?? {});
  if (seen.delay !== undefined || outcome.after !== undefined) {
    expect(seen.delay, `${where}: the timer's delay`).toBe(outcome.after);
  }
  return rowKey(state, label);
}

/** The rows of a table, for finding the ones no step used. */
export function rowsOf(table: StepTable): string[] {
  return Object.entries(table).flatMap(([state, rows]) =>
    Object.keys(rows).map((label) => rowKey(state, label)),
  );
}

/** The output an effect's done event carries (`done: …` rows). */
export const outputOf = <T = never>(event: unknown): T => (event as { output: T }).output;
/** The error an effect's error event carries (`error: …` rows), with its code if any. */
export const errorOf = (event: unknown): { code?: string } =>
  (event as { error: { code?: string } }).error;
