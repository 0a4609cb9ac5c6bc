import type { MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_TTL_MS } from '../sessions.ts';
import { SESSION_COOKIE } from './session.ts';
import { cookieName, cookieOptions, requestCookie } from '../../http/cookies.ts';
import type { AppDeps } from '../../deps.ts';
import type { AppEnv } from '../../http/context.ts';

/** The page-readable cookie that says whether a session may exist (docs/decisions/0018). */
export const SESSION_HINT_COOKIE = 'signedin';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
// The SPA's pages; never its files, which caches keep (no Set-Cookie there).
const isPage = (path: string) => path === '/' || /^\/(en|ru)(\/|$)/.test(path);

/**
 * Keeps a cookie the page can read saying whether this browser may have a session
 * (`1`) or has only a dead session cookie (`0`), so the SPA asks for the profile only
 * when it may find one, instead of every visitor's first page answering 401. It is a
 * hint for the page and nothing more: the server never reads it to decide anything.
 *
 * The API sets it from what it knows (a session started, ended, found or not found).
 * A page sets `1` when the browser sends a session cookie and no hint yet (sessions
 * older than the hint), and removes the hint when no session cookie is sent.
 */
export function sessionHint(deps: Pick<AppDeps, 'config'>): MiddlewareHandler<AppEnv> {
  const hint = cookieName(deps.config, SESSION_HINT_COOKIE);
  const session = cookieName(deps.config, SESSION_COOKIE);
  const options = { ...cookieOptions(deps.config), httpOnly: false };
  return async (c, next) => {
    await next();
    const current = requestCookie(c, hint);
    let sent = requestCookie(c, session) !== undefined;
    let signedIn: boolean | undefined;
    const changed = c.res.headers.getSetCookie().find((line) => line.startsWith(`${session}=`));
    if (changed !== undefined) {
      // This answer started a session, or ended it.
      signedIn = !/^[^=]+=;|max-age=0/i.test(changed);
      sent = signedIn;
    } else if (isApi(c.req.path)) {
      // Set by the session middleware when it ran; a failed answer proves nothing.
      const user = c.get('user');
      if (user !== undefined && c.res.status < 500) signedIn = user !== null;
    } else if (isPage(c.req.path)) {
      if (!sent) signedIn = false;
      else if (current === undefined) signedIn = true;
    }
    if (signedIn === undefined) return;
    const wanted = signedIn ? '1' : sent ? '0' : undefined;
    if (wanted === current) return;
    if (wanted === undefined) deleteCookie(c, hint, options);
    else setCookie(c, hint, wanted, { ...options, maxAge: SESSION_TTL_MS / 1000 });
  };
}
