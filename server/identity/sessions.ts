import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { SessionInfo } from '../../contract/identity.ts';
import type { Database } from '../db/client.ts';
import { securityEvents, sessions, users } from '../db/schema.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { newSignInMail } from '../mail/templates.ts';
import type { CachedSession } from '../db/session-cache.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';
import { identityRefused } from './refusals.ts';
import { type Device, deviceNames } from './devices.ts';
import { recordEvent } from './security-events.ts';
import { hashToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The absolute lifetime: a session ends 30 days after sign-in, however busy. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** The idle lifetime: a session unused for 7 days ends (docs/decisions/0207). */
export const SESSION_IDLE_MS = 7 * DAY_MS;
// Touching last_seen_at on every request would write on every read; once a while is enough.
const LAST_SEEN_GRANULARITY_MS = 5 * 60 * 1000;

/**
 * Sign-in: a fresh token every time, replacing the session the browser had (its token,
 * when it sent one). The token goes to the browser; only its hash is kept.
 */
export async function openSession(
  deps: AppDeps,
  userId: number,
  previousToken: string | undefined,
  device: Device,
  /** How the user proved who they are: 'password', 'code' or a social provider. */
  method: string,
  /** The browser carries this account's device cookie: it has signed in here before. */
  knownBrowser: boolean,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // One change: the old session never ends without the new one beginning.
  await deps.db.transaction(async (tx) => {
    if (previousToken) {
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(previousToken)));
    }
    // Housekeeping: this user's expired sessions are of no use to anyone.
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      authenticatedAt: now,
      userAgent: device.userAgent,
      ip: device.ip,
      country: device.country,
    });
    if (!knownBrowser) await noticeNewBrowser(deps, tx, userId, device, now);
    await recordEvent(tx, now, userId, 'sign_in', device, method);
  });
  // A sign-in may come by GET (the OAuth callback), after which the session middleware
  // does not wait for the change feed: wait here, so no cached copy of the replaced
  // session outlives this answer.
  await deps.cache?.settle();
  return { token, expiresAt };
}

/** Sign-out: the session is forgotten; harmless when there is none. */
export async function closeSession(deps: AppDeps, token: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * The session of a token's hash with its user, if it is current. With a cache, a warm
 * session costs no query; once in a while its last-seen time is written.
 */
export async function currentSession(
  deps: AppDeps,
  tokenHash: string,
): Promise<CachedSession | undefined> {
  const { cache } = deps;
  const now = deps.clock.now();
  let session = cache?.getSession(tokenHash);
  if (!session) {
    const mark = cache?.mark() ?? 0;
    session = await readSession(deps, tokenHash);
    if (session && isCurrent(session, now) && !lastSeenDue(session, now)) {
      cache?.setSession(tokenHash, session, mark);
    }
  }
  if (!session || !isCurrent(session, now)) return undefined;
  if (lastSeenDue(session, now)) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(eq(sessions.tokenHash, tokenHash));
    // Its notification drops the cached copy, with its old time, before the next
    // request of this process looks: that one reads afresh.
    await deps.cache?.settle();
  }
  return session;
}

const lastSeenDue = (session: CachedSession, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS;

async function readSession(deps: AppDeps, tokenHash: string): Promise<CachedSession | undefined> {
  const [row] = await deps.db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

function isCurrent(session: CachedSession, now: Date): boolean {
  return session.expiresAt > now && session.lastSeenAt.getTime() > now.getTime() - SESSION_IDLE_MS;
}

/** At most this many sessions are listed: a user has a handful; a script, no more. */
const SESSIONS_LISTED = 100;

/**
 * The user's current sessions (not expired, not idle), the caller's first and marked,
 * then the most recently seen.
 */
export async function sessionsOf(
  deps: AppDeps,
  userId: number,
  currentToken: string,
): Promise<SessionInfo[]> {
  const mine = hashToken(currentToken);
  const read = async () => {
    const now = deps.clock.now();
    const rows = await deps.db
      .select({
        tokenHash: sessions.tokenHash,
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        country: sessions.country,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), liveAt(now)))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(SESSIONS_LISTED);
    const listed = rows.map(({ tokenHash, ...row }) => ({
      id: row.id,
      current: tokenHash === mine,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      ...deviceNames(row.userAgent),
      ip: row.ip,
      country: row.country,
    }));
    // The list changes without a write when a listed session expires or goes idle.
    const ends = rows.map((row) =>
      Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + SESSION_IDLE_MS),
    );
    return {
      list: [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)],
      changesAt: ends.length > 0 ? new Date(Math.min(...ends)) : null,
    };
  };
  // Each browser's list marks its own session: kept per session.
  const { list } = await userRead(deps, userId, `sessions:${mine}`, read, (v) => v.changesAt);
  return list;
}

/**
 * Ends one of the user's other sessions: its browser's next request is signed out, on
 * every process (deleting the row notifies the session cache). Another user's session,
 * or the caller's own (signing out is /logout), is not found and nothing ends.
 */
export async function endOtherSession(
  deps: AppDeps,
  userId: number,
  id: string,
  currentToken: string,
  device: Device,
): Promise<void> {
  if (!UUID.test(id)) throw identityRefused('not_found');
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.id, id),
          eq(sessions.userId, userId),
          ne(sessions.tokenHash, hashToken(currentToken)),
        ),
      )
      .returning({ id: sessions.id });
    if (ended.length === 0) throw identityRefused('not_found');
    await recordEvent(tx, deps.clock.now(), userId, 'session_ended', device);
  });
}

/** Ends every session of the user but the caller's; answers how many ended. */
export async function endOtherSessions(
  deps: AppDeps,
  userId: number,
  currentToken: string,
  device: Device,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken))))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordEvent(tx, deps.clock.now(), userId, 'sessions_ended', device);
    }
    return ended.length;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A session row still in use at `now`: the SQL twin of isCurrent. */
const liveAt = (now: Date) =>
  and(
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  );

/**
 * A sign-in from a browser the account has not used: a mail to the user, in the
 * transaction of the sign-in. Not for the account's first sign-in (its sign-up, or the
 * first after this log began): there is no other browser to compare with.
 */
async function noticeNewBrowser(
  deps: AppDeps,
  tx: Database,
  userId: number,
  device: Device,
  now: Date,
): Promise<void> {
  const [signedInBefore] = await tx
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, 'sign_in')))
    .limit(1);
  if (!signedInBefore) return;
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const sessionsUrl = `${deps.config.publicUrl}/${userLocale(user)}/security`;
  const mail = newSignInMail({ at: now, ...deviceNames(device.userAgent), ...device, sessionsUrl });
  await sendToUser(deps, user, mail, 'account_notices', tx);
}
