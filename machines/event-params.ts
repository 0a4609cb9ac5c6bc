/*
 * The params most transitions give their action or guard: what the invoked actor
 * answered (`event.output`) or why it failed (`event.error`). `params: fromOutput('team')`
 * is `params: ({ event }) => ({ team: event.output })`, and `params: fromError` is
 * `params: ({ event }) => ({ error: event.error })`. The branches made of them, which
 * most invokes write: `withOutput` and `ifOutput` for `onDone`, `withError` and
 * `ifError` for `onError`. Each gives the same config as written out, so the charts
 * in docs/flows name the same guards and actions.
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
  return { guard: { type: guard, params: fromError }, ...withError(target, action) };
}

/** An `onDone` branch: to `target`, where `action` keeps the answer under `key`. */
export function withOutput<TAction extends string, TKey extends string>(
  target: string,
  action: TAction,
  key: TKey,
) {
  return { target, actions: { type: action, params: fromOutput(key) } };
}

type OutputBranch<TGuard extends string, TKey extends string> = {
  guard: { type: TGuard; params: ReturnType<typeof fromOutput<TKey>> };
  target: string;
};

/**
 * An `onDone` branch: when `guard` passes the answer (under `key`), to `target`, where
 * `action`, if given, keeps it under the same key; other answers go on to the next branch.
 */
export function ifOutput<TGuard extends string, TKey extends string>(
  guard: TGuard,
  key: TKey,
  target: string,
): OutputBranch<TGuard, TKey>;
export function ifOutput<TGuard extends string, TKey extends string, TAction extends string>(
  guard: TGuard,
  key: TKey,
  target: string,
  action: TAction,
): OutputBranch<TGuard, TKey> & ReturnType<typeof withOutput<TAction, TKey>>;
export function ifOutput(guard: string, key: string, target: string, action?: string) {
  const when = { guard: { type: guard, params: fromOutput(key) }, target };
  return action === undefined ? when : { ...when, ...withOutput(target, action, key) };
}

/** An `onError` branch: to `target`, where `action` keeps the rejection. */
export function withError<TAction extends string>(target: string, action: TAction) {
  return { target, actions: { type: action, params: fromError } };
}
