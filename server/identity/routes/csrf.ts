import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { cookieName, requestCookie } from '../../http/cookies.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { identityRefused } from '../refusals.ts';
import { errorResponse } from '../../http/errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/*
 * Double-submit cookie: a page of ours can read the cookie and echo it in the header,
 * another site cannot. The token is signed with SESSION_SECRET so a cookie planted
 * from a sibling subdomain (cookie tossing) is not accepted either.
 */
function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
}

const NONCE_BYTES = 24;
/** Nonces drawn from the system's generator at once, as `crypto.randomUUID` does. */
const NONCES_PER_DRAW = 128;
let drawn = Buffer.alloc(0);
let taken = 0;

/**
 * A fresh nonce: the next unused slice of random bytes drawn in a batch, each slice
 * given out once. Every visitor's first page issues one, so it costs a slice, not a
 * call into the generator.
 */
function freshNonce(): string {
  if (taken + NONCE_BYTES > drawn.length) {
    drawn = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    taken = 0;
  }
  const bytes = drawn.subarray(taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return bytes.toString('base64url');
}

export function newCsrfToken(secret: string): string {
  const nonce = freshNonce();
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isOwnCsrfToken(secret: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return sameText(signature, sign(secret, nonce));
}

/**
 * Mail clients post List-Unsubscribe-Post without any cookie (RFC 8058); the signed
 * token in the path is the credential, and it changes only that one preference.
 */
function isOneClickUnsubscribe(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/v1\/unsubscribe\/[^/]+\/$/.test(path);
}

/** Payment providers post webhooks without cookies; their signature is the credential. */
function isWebhook(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/billing\/webhooks\/[^/]+\/$/.test(path);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sec-Fetch-Site "cross-site", or an Origin that is neither the address asked for nor
 * the public one (a TLS proxy in front may make the two differ).
 */
function crossSite(c: Context<AppEnv>, publicUrl: string): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  const own = new URL(c.req.url);
  return origin !== own.origin && origin !== new URL(publicUrl).origin;
}

/** How many tokens found valid are remembered: a browser sends the same one for a year. */
const KNOWN_TOKENS = 10_000;

/** Issues the cookie on any response lacking a valid one; guards unsafe /api calls. */
export function csrfMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const secret = deps.config.sessionSecret;
  const name = cookieName(deps.config, CSRF_COOKIE);
  // Tokens already checked: a request with one costs a lookup, not a signature.
  const known = new Set<string>();
  const isValid = (cookie: string): boolean => {
    if (known.has(cookie)) return true;
    if (!isOwnCsrfToken(secret, cookie)) return false;
    if (known.size >= KNOWN_TOKENS) known.clear();
    known.add(cookie);
    return true;
  };
  return async (c, next) => {
    const cookie = requestCookie(c, name);
    const valid = cookie !== undefined && isValid(cookie);
    const guarded =
      UNSAFE.has(c.req.method) &&
      (c.req.path === '/api' || c.req.path.startsWith('/api/')) &&
      !isOneClickUnsubscribe(c.req.method, c.req.path) &&
      !isWebhook(c.req.method, c.req.path);
    if (guarded) {
      // Browsers say where a request comes from; a page of another site never passes,
      // whatever it managed to learn of the token.
      if (crossSite(c, deps.config.publicUrl)) {
        return errorResponse(c, identityRefused('csrf_failed'));
      }
      const header = c.req.header(CSRF_HEADER);
      if (!valid || header === undefined || !sameText(header, cookie)) {
        if (!valid) issue(c);
        return errorResponse(c, identityRefused('csrf_failed'));
      }
    }
    if (valid) return next();
    // Set before the answer is made, the cookie is part of it from the start: set after,
    // it would make Hono rebuild the answer (a visitor's every page paid for that).
    issue(c);
    await next();
    // An answer made without the context (none here today) still gets it.
    if (!c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`))) issue(c);
  };

  function issue(c: Context<AppEnv>): void {
    // Readable by the page (no HttpOnly): it echoes the value in the header.
    setCookie(c, name, newCsrfToken(secret), {
      path: '/',
      sameSite: 'Lax',
      secure: deps.config.nodeEnv === 'production',
      maxAge: ONE_YEAR_S,
    });
  }
}
