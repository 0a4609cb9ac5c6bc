import { hash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { CONSULTATIONS_PER_DAY } from '../../contract/consultation.ts';
import { INVITATION_RESENDS_PER_HOUR } from '../../contract/teams.ts';
import { rateLimits } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { identityRefused } from './refusals.ts';

const MINUTE = 60_000;

/**
 * Fixed windows: at most `max` hits per `windowMs`, counted in the database. A limit
 * `neverForgiven` is only ever counted, alone: no success takes a hit back and no
 * request counts it beside another limit, so a window seen full stays full until it ends
 * and each process refuses it from memory until then (`seenFull`).
 */
export type Limit = { name: string; max: number; windowMs: number; neverForgiven?: never };
export type KeptLimit = Omit<Limit, 'neverForgiven'> & { neverForgiven: true };

export const LIMITS = {
  loginAccount: { name: 'login-account', max: 5, windowMs: 15 * MINUTE },
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MINUTE },
  loginDevice: { name: 'login-device', max: 5, windowMs: 15 * MINUTE },
  /**
   * Passkey challenges asked for before any sign-in, per IP: each is a row (decision
   * 0219). Twice the sign-in's: a sign-in page asks once for its autofill, once per button.
   */
  passkeyOptionsIp: {
    name: 'passkey-options-ip',
    max: 60,
    windowMs: 15 * MINUTE,
    neverForgiven: true,
  },
  sendAddress: { name: 'send-address', max: 5, windowMs: 60 * MINUTE },
  /** Codes and resets of one account, whatever address it had when each was mailed. */
  sendAccount: { name: 'send-account', max: 5, windowMs: 60 * MINUTE },
  /** Every mail a request makes the server send (codes, resets, invoices), per IP. */
  sendIp: { name: 'send-ip', max: 20, windowMs: 60 * MINUTE },
  /** Team screens look users up by exact username; more would be collecting accounts. */
  userLookup: { name: 'user-lookup', max: 30, windowMs: 15 * MINUTE, neverForgiven: true },
  /** Team invitations mail any address: a few an hour per owner (decision 0602). */
  teamInvite: { name: 'team-invite', max: 20, windowMs: 60 * MINUTE, neverForgiven: true },
  /** Resends of one invitation, besides the minute between two (decision 0602). */
  invitationResend: {
    name: 'invitation-resend',
    max: INVITATION_RESENDS_PER_HOUR,
    windowMs: 60 * MINUTE,
    neverForgiven: true,
  },
  /** Consultation requests mail the sales team: a few a day per account (contract/consultation.ts). */
  consultation: {
    name: 'consultation',
    max: CONSULTATIONS_PER_DAY,
    windowMs: 24 * 60 * MINUTE,
    neverForgiven: true,
  },
} as const satisfies Record<string, Limit | KeptLimit>;

/** A hit that may be taken back, or counted beside others. */
export type Hit = { limit: Limit; subject: string };
export type KeptHit = { limit: KeptLimit; subject: string };
type AnyHit = Hit | KeptHit;
/** What one request counts: one hit of any limit, or several that may be taken back. */
export type Hits = readonly [Hit | KeptHit] | readonly Hit[];

function counterKey({ limit, subject }: AnyHit): string {
  // Hashed: the table never holds an address or an IP in clear. Lowercased first: an
  // address counts the same however its letters are typed.
  const digest = hash('sha256', subject.toLowerCase(), 'base64url');
  return `${limit.name}:${digest}`;
}

function windowOf(limit: Limit | KeptLimit, now: Date): { start: Date; end: number } {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  return { start: new Date(start), end: start + limit.windowMs };
}

/**
 * The keys of each `neverForgiven` limit this process saw full in the limit's current
 * window, per database: a flood of refused requests (a script looking users up) then
 * costs no statement. Windows are fixed, so a limit's keys all end together: its set is
 * dropped when the next window starts.
 */
const seenFull = new WeakMap<AppDeps['db'], Map<string, { start: number; keys: Set<string> }>>();

function fullKeys(deps: AppDeps, limit: KeptLimit, start: Date): Set<string> {
  let limits = seenFull.get(deps.db);
  if (limits === undefined) {
    limits = new Map();
    seenFull.set(deps.db, limits);
  }
  let current = limits.get(limit.name);
  if (current?.start !== start.getTime()) {
    current = { start: start.getTime(), keys: new Set() };
    limits.set(limit.name, current);
  }
  return current.keys;
}

/**
 * One atomic conditional increment: true when the hit was counted, false when the
 * window is already full. A full window is left as it is, so refused requests never
 * push the end of a lock further away.
 */
async function count(deps: AppDeps, one: AnyHit, now: Date): Promise<boolean> {
  const { start } = windowOf(one.limit, now);
  const key = counterKey(one);
  const full = one.limit.neverForgiven ? fullKeys(deps, one.limit, start) : null;
  if (full?.has(key)) return false;
  const rows = await deps.db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: lt(rateLimits.count, one.limit.max),
    })
    .returning({ count: rateLimits.count });
  // A window's first hit: the key's older windows are of no use any more.
  if (rows[0]?.count === 1) {
    await deps.db
      .delete(rateLimits)
      .where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, start)));
  }
  if (rows.length > 0) return true;
  full?.add(key);
  return false;
}

/** The first of the hits whose window is full already, read in one query. */
async function fullAlready(deps: AppDeps, hits: Hits, now: Date): Promise<AnyHit | undefined> {
  const wanted = hits.map((one) => ({ one, key: counterKey(one), ...windowOf(one.limit, now) }));
  const rows = await deps.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(
      or(...wanted.map((w) => and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, w.start)))),
    );
  // A key names its limit, which has one current window: the key alone finds its row.
  return wanted.find((w) => rows.some((row) => row.key === w.key && row.count >= w.one.limit.max))
    ?.one;
}

/**
 * Counts the hits in order, each with one conditional upsert, so parallel requests
 * cannot slip through between a check and a write. The first full window refuses the
 * request with 429; the hits already counted for it are taken back, so a refused
 * request costs nothing in any window.
 */
export async function hit(deps: AppDeps, hits: Hits): Promise<void> {
  const refused = await counted(deps, hits);
  if (refused) throw refused;
}

/**
 * Counts `hits` as `hit` does, but answers the refusal instead of throwing it, for a
 * caller that answers a throttled request its own way (a redirect, not an error body).
 */
export async function counted(
  deps: AppDeps,
  hits: Hits,
): Promise<ReturnType<typeof refusal> | null> {
  if (hits.length > 1) forgivable(hits);
  const now = deps.clock.now();
  // Several limits: one read first, so a request over any of them is refused without
  // writing anything, and a refused flood costs the database reads only. One limit's
  // conditional upsert writes nothing over its limit already: no read is needed.
  if (hits.length > 1) {
    const full = await fullAlready(deps, hits, now);
    if (full) return refusal(full, now);
  }
  for (const [index, one] of hits.entries()) {
    if (await count(deps, one, now)) continue;
    // Only a list of several has hits before the full one, all of them forgivable.
    await forgiveAt(deps, hits.slice(0, index), now);
    return refusal(one, now);
  }
  return null;
}

/** The types keep a kept limit's hit from being taken back; this, a cast. */
function forgivable(hits: readonly AnyHit[]): void {
  const kept = hits.find((one) => one.limit.neverForgiven);
  if (kept) throw new TypeError(`${kept.limit.name} is counted alone and never forgiven`);
}

function refusal(one: AnyHit, now: Date) {
  const { end } = windowOf(one.limit, now);
  return identityRefused('too_many_requests', {
    retryAfter: Math.ceil((end - now.getTime()) / 1000),
  });
}

async function forgiveAt(deps: AppDeps, hits: readonly AnyHit[], now: Date): Promise<void> {
  for (const one of hits) {
    await deps.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(
        and(
          eq(rateLimits.key, counterKey(one)),
          eq(rateLimits.windowStart, windowOf(one.limit, now).start),
        ),
      );
  }
}

/** Takes back hits that turned out not to be failures (a right password). */
export async function forgive(deps: AppDeps, hits: readonly Hit[]): Promise<void> {
  forgivable(hits);
  await forgiveAt(deps, hits, deps.clock.now());
}

/**
 * A sign-in without a device cookie: the account named (by id, so its username and
 * its e-mail share one bucket; a login naming no account by its text) and the IP.
 * The prefixes keep a typed login from ever sharing a bucket with an account id.
 */
export const loginHits = (account: { id: number } | string, ip: string): Hit[] => [
  {
    limit: LIMITS.loginAccount,
    subject: typeof account === 'string' ? `login:${account}` : `user:${account.id}`,
  },
  { limit: LIMITS.loginIp, subject: ip },
];

/** A sign-in from a browser whose device cookie names the account: its own bucket only. */
export const deviceHits = (nonce: string): Hit[] => [{ limit: LIMITS.loginDevice, subject: nonce }];

/**
 * A code or a reset mailed to `address`: per address, per account and per IP. An address
 * of no account counts in an account bucket of its own, under the same limit, so a
 * refusal reads the same for a known and an unknown address.
 */
export const sendHits = (address: string, ip: string, account?: { id: number }): Hit[] => [
  { limit: LIMITS.sendAddress, subject: address },
  {
    limit: LIMITS.sendAccount,
    subject: account ? `user:${account.id}` : `address:${address}`,
  },
  { limit: LIMITS.sendIp, subject: ip },
];
