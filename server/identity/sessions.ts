import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import type { CachedSession } from '../db/session-cache.ts';
import type { AppDeps } from '../deps.ts';
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
    });
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
    // The update's notification has dropped any cached copy; read afresh next time.
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
