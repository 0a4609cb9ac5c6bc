import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import { tooMany } from '../http/errors.ts';

const MINUTE = 60_000;

/** Fixed windows: at most `max` hits per `windowMs`, counted in the database. */
export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  loginAccount: { name: 'login-account', max: 5, windowMs: 15 * MINUTE },
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MINUTE },
  sendAddress: { name: 'send-address', max: 5, windowMs: 60 * MINUTE },
  sendIp: { name: 'send-ip', max: 20, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

type Hit = { limit: Limit; subject: string };

function counterKey({ limit, subject }: Hit): string {
  // Hashed: the table never holds an address or an IP in clear.
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url');
  return `${limit.name}:${digest}`;
}

function windowOf(limit: Limit, now: Date): { start: Date; end: number } {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  return { start: new Date(start), end: start + limit.windowMs };
}

/**
 * Counts the hits first (one atomic upsert each, so parallel requests cannot slip
 * through between a check and a write), then refuses with 429 if any is over.
 */
export async function hit(deps: AppDeps, hits: Hit[]): Promise<void> {
  const now = deps.clock.now();
  let wait = 0;
  for (const one of hits) {
    const { start, end } = windowOf(one.limit, now);
    const key = counterKey(one);
    const [row] = await deps.db
      .insert(rateLimits)
      .values({ key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    await deps.db
      .delete(rateLimits)
      .where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, start)));
    if ((row?.count ?? 0) > one.limit.max) {
      wait = Math.max(wait, Math.ceil((end - now.getTime()) / 1000));
    }
  }
  if (wait > 0) throw tooMany('too_many_requests', wait);
}

/** Takes back hits that turned out not to be failures (a right password). */
export async function forgive(deps: AppDeps, hits: Hit[]): Promise<void> {
  const now = deps.clock.now();
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

export const loginHits = (account: string, ip: string): Hit[] => [
  { limit: LIMITS.loginAccount, subject: account },
  { limit: LIMITS.loginIp, subject: ip },
];

export const sendHits = (address: string, ip: string): Hit[] => [
  { limit: LIMITS.sendAddress, subject: address },
  { limit: LIMITS.sendIp, subject: ip },
];
