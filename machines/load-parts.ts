/*
 * A page or section that loads what it shows (section 8: a load that failed says so and
 * offers Try again), written once: the loading state, busy while its actor runs, and the
 * state a failure waits in until the retry event loads again. A machine still names the
 * actor, the retry event and each state's description, so docs/flows shows the same
 * chart as when the states were written out.
 */

import type { EventObject } from 'xstate';

/**
 * The loading state: tagged `busy`, it invokes `src` (the invoke's id is the actor's
 * name); `onDone` takes the answer, and a failure goes to `failed`. With `given`
 * (`startGiven`), a machine whose input carries the answer leaves it at once, its read
 * never started.
 */
export function loadState<TSrc extends string, TDone, TGiven = never>(
  src: TSrc,
  description: string,
  onDone: TDone,
  failed = 'failed',
  given?: TGiven,
) {
  const invoke = { id: src, src, onDone, onError: failed };
  return given === undefined
    ? { description, tags: ['busy'], invoke }
    : { description, tags: ['busy'], always: given, invoke };
}

/** The machine's input, in its start's eventless transitions (XState's init event carries it). */
const startInput = (event: EventObject) =>
  event.type === 'xstate.init' ? (event as { input?: Record<string, unknown> }).input : undefined;

/** A guard: the machine's input carries the answer under `key`; only ever at its start. */
export const givenAtStart = ({ event }: { event: EventObject }, params: { key: string }) =>
  startInput(event)?.[params.key] !== undefined;

/**
 * The answer the machine's input carries under `key`, for a guard that chooses where the
 * start leads by it (as `ifOutput`'s guard does by a read's answer); none after the
 * start. `T` is what the machine's input type says the answer is.
 */
export const startAnswer = <T>(event: EventObject, key: string): T | undefined =>
  startInput(event)?.[key] as T | undefined;

/**
 * The answer the machine's input carries under `key`, as the params of an action, under
 * the same key (as `fromOutput` gives an actor's answer). The input's type is the
 * machine's own, which says what the answer is.
 */
export function fromStart<TKey extends string>(key: TKey) {
  return ({ event }: { event: EventObject }) =>
    ({ [key]: startAnswer(event, key) }) as Record<TKey, never>;
}

/**
 * A loading state's way past its read at the start (docs/decisions/0034): when the
 * machine's input carries the answer under `key` (the page brought it), to `target`,
 * where `action` keeps it under the same key as `onDone` keeps the read's. A later load
 * (a retry) reads. The setup names the guard: `guards: { givenAtStart }`.
 */
export function startGiven<TAction extends string, TKey extends string>(
  key: TKey,
  target: string,
  action: TAction,
) {
  return {
    guard: { type: 'givenAtStart' as const, params: { key } },
    target,
    actions: { type: action, params: fromStart(key) },
  };
}

/** Where a failed load waits: `retry` (Try again) goes back to `loading`. */
export function retryState<TRetry extends string>(
  retry: TRetry,
  description: string,
  loading = 'loading',
) {
  return { description, on: { [retry]: loading } as Record<TRetry, string> };
}

/**
 * `refresh` while a read runs starts it over, since the change came after it began: on
 * the first load (`loading`) as on a refresh (`refreshing`).
 */
export function reloadOn<TRefresh extends string, TState extends string = 'loading'>(
  refresh: TRefresh,
  state = 'loading' as TState,
) {
  return { [refresh]: { target: state, reenter: true } } as Record<
    TRefresh,
    { target: TState; reenter: true }
  >;
}

/**
 * A list read again after a change elsewhere on the page, the last one still shown
 * (named `refreshing`): tagged `busy`, it invokes `src` again (the same invoke id as the
 * first load); `onDone` takes the answer, and a failure goes to `failed`, where the list
 * stays with Try again. `refresh` arriving meanwhile starts the read over (`reloadOn`).
 */
export function refreshState<TSrc extends string, TRefresh extends string, TDone>(
  src: TSrc,
  refresh: TRefresh,
  description: string,
  onDone: TDone,
  failed = 'ready.refreshFailed',
) {
  return {
    description,
    tags: ['busy'],
    invoke: { id: src, src, onDone, onError: failed },
    on: reloadOn(refresh, 'refreshing'),
  };
}
