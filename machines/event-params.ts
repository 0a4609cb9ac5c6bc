/*
 * The params most transitions give their action or guard: what the invoked actor
 * answered (`event.output`) or why it failed (`event.error`). `params: fromOutput('team')`
 * is `params: ({ event }) => ({ team: event.output })`, and `params: fromError` is
 * `params: ({ event }) => ({ error: event.error })`; `ifError` is the guarded `onError`
 * branch made of them.
 */

/** The actor's output, under `key`. */
export function fromOutput<TKey extends string>(key: TKey) {
  return <TOutput>({ event }: { event: { output: TOutput } }) =>
    ({ [key]: event.output }) as Record<TKey, TOutput>;
}

/** The actor's rejection, as `error`. */
export function fromError({ event }: { event: { error: unknown } }): { error: unknown } {
  return { error: event.error };
}

/**
 * An `onError` branch: when `guard` passes the rejection, to `target`, where `action`
 * keeps it (both given `params: fromError`); other rejections go on to the next branch.
 */
export function ifError<TGuard extends string, TAction extends string>(
  guard: TGuard,
  target: string,
  action: TAction,
) {
  return {
    guard: { type: guard, params: fromError },
    target,
    actions: { type: action, params: fromError },
  };
}
