import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Config } from '../config.ts';
import { refused } from '../errors.ts';

/**
 * In production every cookie of ours carries the `__Host-` prefix: browsers then
 * accept it only when Secure, on Path=/ and without Domain, so a sibling subdomain
 * cannot plant or shadow it.
 */
export function cookieName(config: Pick<Config, 'nodeEnv'>, base: string): string {
  return config.nodeEnv === 'production' ? `__Host-${base}` : base;
}

/** Attributes shared by the server's cookies (the CSRF cookie alone is readable by the page). */
export function cookieOptions(config: Pick<Config, 'nodeEnv'>) {
  return {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: config.nodeEnv === 'production',
  } as const;
}

/** Where a request's context keeps its cookies, parsed once: several parts read them. */
const PARSED = Symbol('cookies');
type WithCookies = Context & { [PARSED]?: Readonly<Record<string, string>> };

/**
 * A cookie of the request (the first well-formed one of that name, as `getCookie`
 * reads it), from one parse of its Cookie header however many parts ask.
 */
export function requestCookie(c: Context, name: string): string | undefined {
  const cookies = ((c as WithCookies)[PARSED] ??= getCookie(c));
  return Object.hasOwn(cookies, name) ? cookies[name] : undefined;
}

type SigningConfig = Pick<Config, 'nodeEnv' | 'sessionSecret'>;

function sign(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');
}

/**
 * Sets an HttpOnly cookie holding `data` as base64url JSON and its HMAC, keyed by the
 * server's secret and `purpose` (so one cookie's value never passes for another's).
 */
export function setSignedCookie(
  c: Context,
  config: SigningConfig,
  cookie: { base: string; purpose: string; maxAgeSeconds: number },
  data: unknown,
): void {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  setCookie(
    c,
    cookieName(config, cookie.base),
    `${payload}.${sign(config.sessionSecret, cookie.purpose, payload)}`,
    { ...cookieOptions(config), maxAge: cookie.maxAgeSeconds },
  );
}

/** A signed cookie as read: absent, not ours (signature or shape wrong), or its data. */
type SignedCookie<T> = { status: 'absent' } | { status: 'bad' } | { status: 'good'; data: T };

function signedCookie<S extends v.GenericSchema>(
  c: Context,
  config: SigningConfig,
  cookie: { base: string; purpose: string },
  schema: S,
): SignedCookie<v.InferOutput<S>> {
  const value = requestCookie(c, cookieName(config, cookie.base));
  if (!value) return { status: 'absent' };
  const [payload = '', signature = '', extra] = value.split('.');
  const expected = Buffer.from(sign(config.sessionSecret, cookie.purpose, payload));
  const given = Buffer.from(signature);
  if (
    extra !== undefined ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  ) {
    return { status: 'bad' };
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch {
    return { status: 'bad' };
  }
  const parsed = v.safeParse(schema, data);
  return parsed.success ? { status: 'good', data: parsed.output } : { status: 'bad' };
}

/**
 * The data of a cookie set by setSignedCookie, checked against `schema`; 400
 * token_not_found without the cookie, wrong_token when its signature or shape is wrong.
 */
export function readSignedCookie<S extends v.GenericSchema>(
  c: Context,
  config: SigningConfig,
  cookie: { base: string; purpose: string },
  schema: S,
): v.InferOutput<S> {
  const read = signedCookie(c, config, cookie, schema);
  if (read.status === 'absent') throw refused('token_not_found');
  if (read.status === 'bad') throw refused('wrong_token');
  return read.data;
}

/** The data of a cookie set by setSignedCookie, or null when it is absent or not ours. */
export function signedCookieOrNull<S extends v.GenericSchema>(
  c: Context,
  config: SigningConfig,
  cookie: { base: string; purpose: string },
  schema: S,
): v.InferOutput<S> | null {
  const read = signedCookie(c, config, cookie, schema);
  return read.status === 'good' ? read.data : null;
}
