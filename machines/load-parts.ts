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
