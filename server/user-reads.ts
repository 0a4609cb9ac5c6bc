// The reads of a user's own rows from memory (issue 33): the sessions list, the security
// log, the payment history, the on-premise bindings and the web GIS. Kept in the session
// cache while no change to those rows was heard: every table they are read from names
// its user at commit (migration 0029), so every process forgets that user's reads
// (server/db/session-cache.ts, docs/decisions/0210). The team reads, which hold other
// users' rows, are kept the same way: a change to a team's rows names every user of the
// team (migration 0030, docs/decisions/0037).
import type { AppDeps } from './deps.ts';

/**
 * `read()` once, then from memory until a change to the user's rows is heard, or
 * until the time `changesAt` gives for the value (a session's idle end): a read that
 * depends on the time says when it may change without a write. Only a request that has
 * not written may pass the cache (a write settles before it answers).
 */
export async function userRead<T>(
  deps: Pick<AppDeps, 'cache' | 'clock'>,
  userId: number,
  name: string,
  read: () => Promise<T>,
  changesAt: (value: T) => Date | null = () => null,
): Promise<T> {
  const cache = deps.cache;
  if (!cache) return read();
  const kept = cache.getRead(userId, name, deps.clock.now());
  if (kept !== undefined) return kept as T;
  const mark = cache.mark();
  const value = await read();
  cache.setRead(userId, name, value, changesAt(value), mark);
  return value;
}
