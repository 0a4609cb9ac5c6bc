/*
 * A page or section that loads what it shows (section 8: a load that failed says so and
 * offers Try again), written once: the loading state, busy while its actor runs, and the
 * state a failure waits in until the retry event loads again. A machine still names the
 * actor, the retry event and each state's description, so docs/flows shows the same
 * chart as when the states were written out.
 */

/**
 * The loading state: tagged `busy`, it invokes `src` (the invoke's id is the actor's
 * name); `onDone` takes the answer, and a failure goes to `failed`.
 */
export function loadState<TSrc extends string, TDone>(
  src: TSrc,
  description: string,
  onDone: TDone,
  failed = 'failed',
) {
  return { description, tags: ['busy'], invoke: { id: src, src, onDone, onError: failed } };
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
