// The reference data every user reads alike (countries, plans and their prices, web GIS
// locations, releases), kept per process as it was last read, with the serialized answer
// and its validator, so such a read costs no query while nothing changed.
//
// What keeps it right: a statement that changes one of these tables notifies the session
// cache's channel at commit with the payload `ref:<table>` (migration 0021), whichever
// code path or process made it; every process drops what was read from that table. While
// the listening connection is down, nothing is kept (the session cache says when). A value
// is kept only if no change to its tables was heard while it was being read. The lifetime
// below only bounds the damage of a bug; correctness never waits for it
// (docs/decisions/0031).
import { createHash } from 'node:crypto';

export const referenceTables = [
  'countries',
  'plans',
  'plan_prices',
  'webgis_locations',
  'releases',
] as const;
export type ReferenceTable = (typeof referenceTables)[number];

/** The payload's prefix on the session cache's channel: `ref:countries`. */
export const REFERENCE_PAYLOAD = 'ref:';

const LIFETIME_MS = 10 * 60_000;
const MAX_ENTRIES = 1000;

/** A value read from reference tables, its JSON text and a strong validator of that text. */
export type Reference<T> = { value: T; body: string; etag: string };

/** A strong validator of a text: its SHA-256, quoted. */
export const strongEtag = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export function toReference<T>(value: T): Reference<T> {
  const body = JSON.stringify(value);
  return { value, body, etag: strongEtag(body) };
}

type Kept = { tables: readonly ReferenceTable[]; reference: Reference<unknown>; cachedAt: number };

export class ReferenceCache {
  readonly #entries = new Map<string, Kept>();
  readonly #changes = new Map<ReferenceTable, number>();
  readonly #now: () => number;
  #live = false;
  /** Counts the times the feed dropped or returned: a read begun before is not kept. */
  #epoch = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /**
   * The reference under `key` (unique across callers), read from `tables` by `load` when
   * not kept. The value must not be changed by the caller: it is shared.
   */
  async read<T>(
    key: string,
    tables: readonly ReferenceTable[],
    load: () => Promise<T>,
  ): Promise<Reference<T>> {
    const kept = this.#live ? this.#entries.get(key) : undefined;
    if (kept && this.#now() - kept.cachedAt <= LIFETIME_MS) return kept.reference as Reference<T>;
    const epoch = this.#epoch;
    const marks = tables.map((table) => this.#changes.get(table) ?? 0);
    const reference = toReference(await load());
    const unchanged = tables.every((table, i) => (this.#changes.get(table) ?? 0) === marks[i]);
    if (this.#live && epoch === this.#epoch && unchanged) {
      if (this.#entries.size >= MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.delete(key);
      this.#entries.set(key, { tables, reference, cachedAt: this.#now() });
    }
    return reference;
  }

  /** A payload heard on the channel; answers whether it was a reference table's. */
  heard(payload: string): boolean {
    if (!payload.startsWith(REFERENCE_PAYLOAD)) return false;
    const table = payload.slice(REFERENCE_PAYLOAD.length);
    const known = referenceTables.find((name) => name === table);
    // A table this version does not know of (a newer process's): forget everything.
    if (known) this.forget(known);
    else this.#reset(this.#live);
    return true;
  }

  forget(table: ReferenceTable): void {
    this.#changes.set(table, (this.#changes.get(table) ?? 0) + 1);
    for (const [key, kept] of this.#entries) {
      if (kept.tables.includes(table)) this.#entries.delete(key);
    }
  }

  /** The feed is up (true) or down (false): either way, what was kept goes. */
  live(up: boolean): void {
    this.#reset(up);
  }

  get size(): number {
    return this.#entries.size;
  }

  #reset(up: boolean): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#live = up;
  }
}

/** Through the cache when there is one (the app's), else read now. */
export function readReference<T>(
  cache: { reference: ReferenceCache } | undefined,
  key: string,
  tables: readonly ReferenceTable[],
  load: () => Promise<T>,
): Promise<Reference<T>> {
  return cache ? cache.reference.read(key, tables, load) : load().then(toReference);
}
