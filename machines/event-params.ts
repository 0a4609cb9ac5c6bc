/*
 * The params most transitions give their action or guard: what the invoked actor
 * answered (`event.output`) or why it failed (`event.error`). `params: fromOutput('team')`
 * is `params: ({ event }) => ({ team: event.output })`, and `params: fromError` is
 * `params: ({ event }) => ({ error: event.error })`.
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
