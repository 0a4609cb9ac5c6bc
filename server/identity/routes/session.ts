import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { User } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { identityRefused } from '../refusals.ts';
import { cookieName, cookieOptions, requestCookie } from '../../http/cookies.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireRecentProof } from '../reauth.ts';
import { closeSession, currentSession, openSession, SESSION_TTL_MS } from '../sessions.ts';
import { hashToken } from '../tokens.ts';
import { deviceNonce, deviceOf, setDeviceCookie } from './device.ts';

export const SESSION_COOKIE = 'sessionid';

/** Sign-in: a new session, its token in the browser's cookie in place of the old one. */
export async function startSession(
  c: Context<AppEnv>,
  deps: AppDeps,
  userId: number,
  method: string,
): Promise<void> {
  const previous = requestCookie(c, cookieName(deps.config, SESSION_COOKIE));
  const device = deviceOf(c, deps);
  const known = deviceNonce(c, deps, userId) !== null;
  const opened = await openSession(deps, userId, previous, device, method, known);
  const { token, expiresAt } = opened;
  // From now on this browser is known to the account (and has a throttle bucket of its own).
  if (!known) setDeviceCookie(c, deps, userId);
  setCookie(c, cookieName(deps.config, SESSION_COOKIE), token, {
    ...cookieOptions(deps.config),
    expires: expiresAt,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/**
 * The session cookie's token, for the commands that tell the caller's session from the
 * user's others; a request without one never reaches them (requireUser).
 */
export function sessionToken(c: Context<AppEnv>, deps: AppDeps): string {
  const token = requestCookie(c, cookieName(deps.config, SESSION_COOKIE));
  if (!token) throw identityRefused('not_authenticated');
  return token;
}

/** Sign-out: forget the session on both sides; harmless when there is none. */
export async function endSession(c: Context<AppEnv>, deps: AppDeps): Promise<void> {
  const token = requestCookie(c, cookieName(deps.config, SESSION_COOKIE));
  if (token) await closeSession(deps, token);
  deleteCookie(c, cookieName(deps.config, SESSION_COOKIE), cookieOptions(deps.config));
  c.set('user', null);
}

/** The user the request's session cookie names, while that session lives; else null. */
export async function sessionUser(c: Context<AppEnv>, deps: AppDeps): Promise<User | null> {
  const token = requestCookie(c, cookieName(deps.config, SESSION_COOKIE));
  // Tokens are 43 base64url characters; anything else cannot be one of ours.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return (await currentSession(deps, hashToken(token)))?.user ?? null;
}

/**
 * Puts the signed-in user, or null, on the context as `user`. A request that may have
 * written waits for the change notifications before it answers, so what it changed is
 * never read stale after.
 */
export function sessionMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { cache } = deps;
  return async (c, next) => {
    c.set('user', null);
    c.set('user', await sessionUser(c, deps));
    await next();
    if (cache && !SAFE_METHODS.has(c.req.method)) await cache.settle();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user, or a 401 for the handler to not deal with. */
export function requireUser(c: Context<AppEnv>): User {
  const user = c.get('user');
  if (!user) throw identityRefused('not_authenticated');
  return user;
}

/**
 * The signed-in user, when the caller's session proved who they are within the last
 * 10 minutes; else 403 `reauth_required` (the page asks for the password and retries).
 * Every sensitive route calls this before anything else (decision 0215).
 */
export async function requireRecentSignIn(c: Context<AppEnv>, deps: AppDeps): Promise<User> {
  const user = requireUser(c);
  await requireRecentProof(deps.db, deps.clock.now(), user.id, sessionToken(c, deps));
  return user;
}
