import { and, desc, eq, gt } from 'drizzle-orm';
import type { SecurityEvent, SecurityEventKind } from '../../contract/identity.ts';
import type { Database } from '../db/client.ts';
import { securityEvents } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';
import { type Device, deviceNames } from './devices.ts';

/** How long the log keeps an event. */
export const SECURITY_EVENTS_KEPT_MS = 180 * 24 * 60 * 60 * 1000;
/** How many of the newest events the log shows. */
export const SECURITY_EVENTS_SHOWN = 100;

/**
 * Writes one event of the user's security log, in the transaction of the change it
 * records (`db` is that transaction), so the log never tells of a change that did not
 * commit, nor misses one that did.
 */
export async function recordEvent(
  db: Database,
  now: Date,
  userId: number | null,
  kind: SecurityEventKind,
  device: Device,
  method: string | null = null,
): Promise<void> {
  await db.insert(securityEvents).values({
    userId,
    kind,
    method,
    userAgent: device.userAgent,
    ip: device.ip,
    country: device.country,
    createdAt: now,
  });
}

/** The user's newest events within the time kept, newest first. */
export async function securityEventsOf(deps: AppDeps, userId: number): Promise<SecurityEvent[]> {
  const read = async () => {
    const since = new Date(deps.clock.now().getTime() - SECURITY_EVENTS_KEPT_MS);
    const rows = await deps.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), gt(securityEvents.createdAt, since)))
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(SECURITY_EVENTS_SHOWN);
    return rows.map((row) => ({
      kind: row.kind,
      method: row.method,
      created_at: row.createdAt.toISOString(),
      ...deviceNames(row.userAgent),
      ip: row.ip,
      country: row.country,
    }));
  };
  // The oldest event shown leaves the log when it is older than the time events are kept.
  const leaves = (events: SecurityEvent[]) => {
    const oldest = events.at(-1);
    return oldest ? new Date(Date.parse(oldest.created_at) + SECURITY_EVENTS_KEPT_MS) : null;
  };
  return userRead(deps, userId, 'security-events', read, leaves);
}

/**
 * A wrong password, logged on its own (nothing else changes). A login naming no account
 * is logged too, with no user (no one's log shows it, and the login is not kept): its
 * answer then does the same write as a wrong password's and takes its time.
 */
export async function recordFailedSignIn(
  deps: AppDeps,
  userId: number | null,
  device: Device,
): Promise<void> {
  await recordEvent(deps.db, deps.clock.now(), userId, 'sign_in_failed', device, 'password');
}
