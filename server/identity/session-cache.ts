// A short-lived, per-process cache of the sessions read by the session middleware, so
// a signed-in read costs no session query while the session is warm.
//
// What keeps it right: a trigger (migration 0009) notifies the channel
// `portal_sessions` with the user's id at the commit of any change to a user row and of
// any ended session, whichever code path or process made it. Every process listens and
// drops that user's entries. While the listening connection is down, nothing is cached.
// A request that may have written waits, before it answers, until the notifications
// committed so far have reached this process (`settle`), so the next request sees the
// change even on the same process. The lifetime below only bounds memory and the
// damage of a bug; correctness never waits for it (docs/decisions/0210).
import type { User } from '../db/schema.ts';

export const SESSION_CACHE_CHANNEL = 'portal_sessions';
const LIFETIME_MS = 30_000;
const MAX_ENTRIES = 10_000;

export type CachedSession = {
  user: User;
  expiresAt: Date;
  lastSeenAt: Date;
};

type Entry = CachedSession & { cachedAt: number };

/** How the cache hears of changes: PGlite's listen, or a LISTEN connection to PostgreSQL. */
export type ChangeFeed = {
  /** Calls `onChange` with each notification's payload; `onLost`/`onReady` when the feed drops and returns. */
  listen(
    channel: string,
    handlers: { onChange(payload: string): void; onLost(): void; onReady(): void },
  ): Promise<void>;
  /** Resolves once every notification committed before the call has been handled. */
  settle(): Promise<void>;
  close(): Promise<void>;
};

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #live = false;

  readonly #feed: ChangeFeed;
  readonly #now: () => number;

  constructor(feed: ChangeFeed, now: () => number = Date.now) {
    this.#feed = feed;
    this.#now = now;
  }

  async start(): Promise<void> {
    await this.#feed.listen(SESSION_CACHE_CHANNEL, {
      onChange: (payload) => this.forgetUser(Number(payload)),
      onLost: () => {
        this.#live = false;
        this.#entries.clear();
      },
      onReady: () => {
        this.#entries.clear();
        this.#live = true;
      },
    });
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (!this.#live || this.#now() - entry.cachedAt > LIFETIME_MS) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, session: CachedSession): void {
    if (!this.#live) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      // The oldest entry goes first: Map keeps insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { ...session, cachedAt: this.#now() });
  }

  forgetUser(userId: number): void {
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.user.id === userId) this.#entries.delete(tokenHash);
    }
  }

  /** After a request that may have written: its notifications are handled before it answers. */
  settle(): Promise<void> {
    return this.#live ? this.#feed.settle() : Promise.resolve();
  }

  get size(): number {
    return this.#entries.size;
  }

  close(): Promise<void> {
    this.#live = false;
    this.#entries.clear();
    return this.#feed.close();
  }
}
