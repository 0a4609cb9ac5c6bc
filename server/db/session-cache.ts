// A short-lived, per-process cache of what a signed-in request reads about its user:
// the session (with the user row), the profile's plan facts and the autopayment (which
// the payment-status poll asks for every second), so such a read costs no query while
// they are warm.
//
// What keeps it right: triggers notify the channel `portal_sessions` at the commit of
// any change, whichever code path or process made it: the user's id for a change to a
// user row, an ended session (migration 0009) or an autopayment, `*` for a change to
// what plans are read from (subscriptions, teams, memberships, web GIS addresses;
// migration 0010).
// Every process listens and drops what the change touches. While the listening
// connection is down, nothing is cached. A request that may have written waits, before
// it answers, until the notifications committed so far have reached this process
// (`settle`), so the next request sees the change even on the same process. A value
// read from the database is kept only if no change was heard while it was being read
// (`mark`). The reads of a user's own rows (server/user-reads.ts: the sessions list,
// the security log, the payments, the on-premise bindings, the web GIS; migration 0029)
// and the team reads (every user of the team is named at a change to what they hold;
// migration 0030) are kept beside them and forgotten with the user. The lifetime below only bounds memory and the damage of a bug; correctness
// never waits for it (docs/decisions/0210). The same channel carries `ref:<table>` for
// a change to reference data, which the reference cache beside this one hears
// (server/db/reference-cache.ts, docs/decisions/0031).
import type { Autopayment } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { User } from './schema.ts';
import { ReferenceCache } from './reference-cache.ts';

export const SESSION_CACHE_CHANNEL = 'portal_sessions';
/** The payload of a change to what the plan facts are read from: every user's go. */
export const EVERY_PLAN = '*';
const LIFETIME_MS = 30_000;
const MAX_ENTRIES = 10_000;

export type CachedSession = {
  user: User;
  expiresAt: Date;
  lastSeenAt: Date;
};

/** The profile's facts beside the user row (server/profile/answer.ts). */
export type PlanFacts = {
  plan: PlanId;
  team: 'premium' | null;
  webgisUrl: string | null;
  /** The picture of the user's latest social link that has one (server/identity/social). */
  userpicUrl: string | null;
  /** When the facts may change without a write (an owner's paid period ends), or null. */
  changesAt: Date | null;
};

type Timed<T> = { value: T; cachedAt: number };

/** A read of a user's own rows, and when it may change without a write (or null). */
type KeptRead = { userId: number; value: unknown; changesAt: Date | null };

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

/** Insertion-ordered entries with a lifetime and a bound: the oldest goes first. */
class Shelf<K, T> {
  readonly #entries = new Map<K, Timed<T>>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  get(key: K): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.cachedAt > LIFETIME_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: T): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(key);
    this.#entries.set(key, { value, cachedAt: this.#now() });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  deleteWhere(test: (value: T) => boolean): void {
    for (const [key, entry] of this.#entries) if (test(entry.value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

export class SessionCache {
  readonly #sessions: Shelf<string, CachedSession>;
  readonly #plans: Shelf<number, PlanFacts>;
  /** null: the user has none (the poll's 404). */
  readonly #autopayments: Shelf<number, Autopayment | null>;
  /** By `<user id>:<name>` (server/user-reads.ts). */
  readonly #reads: Shelf<string, KeptRead>;
  #live = false;
  /** Counts the changes heard; a read begun before one is not kept. */
  #heard = 0;
  /** Session lookups answered here, and not. */
  readonly #lookups = { hits: 0, misses: 0 };

  readonly #feed: ChangeFeed;
  /** The reference data, kept while the same feed is up (server/db/reference-cache.ts). */
  readonly reference: ReferenceCache;

  constructor(feed: ChangeFeed, now: () => number = Date.now) {
    this.#feed = feed;
    this.reference = new ReferenceCache(now);
    this.#sessions = new Shelf(now);
    this.#plans = new Shelf(now);
    this.#autopayments = new Shelf(now);
    this.#reads = new Shelf(now);
  }

  async start(): Promise<void> {
    await this.#feed.listen(SESSION_CACHE_CHANNEL, {
      onChange: (payload) => {
        if (this.reference.heard(payload)) return;
        if (payload === EVERY_PLAN) this.forgetPlans();
        else this.forgetUser(Number(payload));
      },
      onLost: () => {
        this.#live = false;
        this.#forgetAll();
        this.reference.live(false);
      },
      onReady: () => {
        this.#forgetAll();
        this.#live = true;
        this.reference.live(true);
      },
    });
  }

  /** Taken before reading what `setSession` or `setPlan` will be given. */
  mark(): number {
    return this.#heard;
  }

  getSession(tokenHash: string): CachedSession | undefined {
    const found = this.#live ? this.#sessions.get(tokenHash) : undefined;
    if (found) this.#lookups.hits += 1;
    else this.#lookups.misses += 1;
    return found;
  }

  /** Session lookups since the start: found here (hits) or read from the database (misses). */
  get lookups(): { hits: number; misses: number } {
    return { ...this.#lookups };
  }

  setSession(tokenHash: string, session: CachedSession, mark: number): void {
    if (this.#keeps(mark)) this.#sessions.set(tokenHash, session);
  }

  /** The user's plan facts, unless they may have changed by `now`. */
  getPlan(userId: number, now: Date): PlanFacts | undefined {
    if (!this.#live) return undefined;
    const facts = this.#plans.get(userId);
    if (facts?.changesAt && facts.changesAt <= now) {
      this.#plans.delete(userId);
      return undefined;
    }
    return facts;
  }

  setPlan(userId: number, facts: PlanFacts, mark: number): void {
    if (this.#keeps(mark)) this.#plans.set(userId, facts);
  }

  /** The user's autopayment as last read, null for none, undefined when not known. */
  getAutopayment(userId: number): Autopayment | null | undefined {
    return this.#live ? this.#autopayments.get(userId) : undefined;
  }

  setAutopayment(userId: number, autopayment: Autopayment | null, mark: number): void {
    if (this.#keeps(mark)) this.#autopayments.set(userId, autopayment);
  }

  /** The user's read `name` as last kept, unless it may have changed by `now`. */
  getRead(userId: number, name: string, now: Date): unknown {
    if (!this.#live) return undefined;
    const key = `${userId}:${name}`;
    const kept = this.#reads.get(key);
    if (kept?.changesAt && kept.changesAt <= now) {
      this.#reads.delete(key);
      return undefined;
    }
    return kept?.value;
  }

  setRead(userId: number, name: string, value: unknown, changesAt: Date | null, mark: number) {
    if (this.#keeps(mark)) this.#reads.set(`${userId}:${name}`, { userId, value, changesAt });
  }

  forgetUser(userId: number): void {
    this.#heard += 1;
    this.#sessions.deleteWhere((session) => session.user.id === userId);
    this.#plans.delete(userId);
    this.#autopayments.delete(userId);
    this.#reads.deleteWhere((read) => read.userId === userId);
  }

  forgetPlans(): void {
    this.#heard += 1;
    this.#plans.clear();
  }

  /** After a request that may have written: its notifications are handled before it answers. */
  settle(): Promise<void> {
    return this.#live ? this.#feed.settle() : Promise.resolve();
  }

  get size(): { sessions: number; plans: number; autopayments: number; reads: number } {
    return {
      sessions: this.#sessions.size,
      plans: this.#plans.size,
      autopayments: this.#autopayments.size,
      reads: this.#reads.size,
    };
  }

  close(): Promise<void> {
    this.#live = false;
    this.#forgetAll();
    this.reference.live(false);
    return this.#feed.close();
  }

  #keeps(mark: number): boolean {
    return this.#live && mark === this.#heard;
  }

  #forgetAll(): void {
    this.#heard += 1;
    this.#sessions.clear();
    this.#plans.clear();
    this.#autopayments.clear();
    this.#reads.clear();
  }
}
