import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { cookieName, cookieOptions, requestCookie } from '../../http/cookies.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { clientIp, proxyCountry } from '../../http/client-ip.ts';
import type { Device } from '../devices.ts';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser that once signed in to an account with its password carries proof of it,
 * and its sign-ins to that account count in a bucket of their own. Whoever locks the
 * account with wrong passwords then does not lock its owner out.
 */
export const DEVICE_COOKIE = 'device';
export const DEVICE_TTL_S = 365 * 24 * 60 * 60;

function sign(secret: string, userId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`device:${userId}.${nonce}`).digest('base64url');
}

/** After a right password: this browser has proven it knows the account's password. */
export function setDeviceCookie(c: Context<AppEnv>, deps: AppDeps, userId: number): void {
  // Hex: the throttle lower-cases subjects, which must not merge two nonces.
  const nonce = randomBytes(16).toString('hex');
  setCookie(
    c,
    cookieName(deps.config, DEVICE_COOKIE),
    `${userId}.${nonce}.${sign(deps.config.sessionSecret, userId, nonce)}`,
    { ...cookieOptions(deps.config), maxAge: DEVICE_TTL_S },
  );
}

/**
 * The nonce of this browser's device cookie when it is ours and names `userId`;
 * null for none, a forged or malformed one, or one of another account.
 */
export function deviceNonce(c: Context<AppEnv>, deps: AppDeps, userId: number): string | null {
  const value = requestCookie(c, cookieName(deps.config, DEVICE_COOKIE));
  const [id, nonce, signature, extra] = value?.split('.') ?? [];
  if (id !== String(userId) || !nonce || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(deps.config.sessionSecret, userId, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** The browser signing in, from its request: what it says it is, and where it is. */
export function deviceOf(c: Context<AppEnv>, deps: AppDeps): Device {
  return {
    userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_KEPT) || null,
    ip: clientIp(c, deps.config),
    country: proxyCountry(c, deps.config),
  };
}
// Real User-Agents are under 300 characters; a longer one is cut, not refused.
const USER_AGENT_KEPT = 512;
