import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, lt } from 'drizzle-orm';
import { sessions, users, type User } from '../db/schema.ts';
import { cookieName, cookieOptions } from '../http/cookies.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import type { CachedSession } from './session-cache.ts';
import { hashToken } from './tokens.ts';
import { notAuthenticated } from '../errors.ts';

export const SESSION_COOKIE = 'sessionid';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The absolute lifetime: a session ends 30 days after sign-in, however busy. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** The idle lifetime: a session unused for 7 days ends (docs/decisions/0207). */
export const SESSION_IDLE_MS = 7 * DAY_MS;
// Touching last_seen_at on every request would write on every read; once a while is enough.
const LAST_SEEN_GRANULARITY_MS = 5 * 60 * 1000;

/** Sign-in: a fresh token every time, replacing whatever session this browser had. */
export async function startSession(
  c: Context<AppEnv>,
  deps: AppDeps,
  userId: number,
): Promise<void> {
  const now = deps.clock.now();
  const previous = getCookie(c, cookieName(deps.config, SESSION_COOKIE));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // One change: the old session never ends without the new one beginning.
  await deps.db.transaction(async (tx) => {
    if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(previous)));
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
  setCookie(c, cookieName(deps.config, SESSION_COOKIE), token, {
    ...cookieOptions(deps.config),
    expires: expiresAt,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** Sign-out: forget the session on both sides; harmless when there is none. */
export async function endSession(c: Context<AppEnv>, deps: AppDeps): Promise<void> {
  const token = getCookie(c, cookieName(deps.config, SESSION_COOKIE));
  if (token) await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  deleteCookie(c, cookieName(deps.config, SESSION_COOKIE), cookieOptions(deps.config));
  c.set('user', null);
}

/**
 * Puts the signed-in user, or null, on the context as `user`. With a cache, a warm
 * session costs no query; a request that may have written waits for the change
 * notifications before it answers, so what it changed is never read stale after.
 */
export function sessionMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { cache } = deps;
  return async (c, next) => {
    c.set('user', null);
    const token = getCookie(c, cookieName(deps.config, SESSION_COOKIE));
    // Tokens are 43 base64url characters; anything else cannot be one of ours.
    if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
      const now = deps.clock.now();
      const tokenHash = hashToken(token);
      let session = cache?.getSession(tokenHash);
      if (!session) {
        const mark = cache?.mark() ?? 0;
        session = await readSession(deps, tokenHash);
        if (session && isCurrent(session, now) && !lastSeenDue(session, now)) {
          cache?.setSession(tokenHash, session, mark);
        }
      }
      if (session && isCurrent(session, now)) {
        c.set('user', session.user);
        if (lastSeenDue(session, now)) {
          await deps.db
            .update(sessions)
            .set({ lastSeenAt: now })
            .where(eq(sessions.tokenHash, tokenHash));
          // The update's notification has dropped any cached copy; read afresh next time.
        }
      }
    }
    await next();
    if (cache && !SAFE_METHODS.has(c.req.method)) await cache.settle();
  };
}

const lastSeenDue = (session: CachedSession, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

/** The signed-in user, or a 401 for the handler to not deal with. */
export function requireUser(c: Context<AppEnv>): User {
  const user = c.get('user');
  if (!user) throw notAuthenticated();
  return user;
}
