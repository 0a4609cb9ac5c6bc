import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { Locale } from '../../contract/countries.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { isLocalPath } from './accounts.ts';
import { simpleError } from '../http/errors.ts';

export const SIGNUP_COOKIE = 'signup';
export const SIGNUP_TTL_MS = 60 * 60 * 1000;

/** The pending sign-up of this browser: the user, until when, where to go after, locale. */
export type Pending = { userId: number; expiresAt: number; next: string | null; locale: Locale };

const Payload = v.object({
  u: v.pipe(v.number(), v.integer()),
  e: v.number(),
  n: v.nullable(v.string()),
  l: Locale,
});

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`signup:${payload}`).digest('base64url');
}

function options(deps: AppDeps) {
  return {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: deps.config.nodeEnv === 'production',
  } as const;
}

export function setSignupCookie(
  c: Context<AppEnv>,
  deps: AppDeps,
  pending: Omit<Pending, 'expiresAt'>,
): void {
  const expiresAt = deps.clock.now().getTime() + SIGNUP_TTL_MS;
  // Browsers drop cookies over 4 KB: a long or foreign `next` is not worth keeping.
  const next =
    pending.next !== null && pending.next.length <= 512 && isLocalPath(pending.next)
      ? pending.next
      : null;
  const json = JSON.stringify({ u: pending.userId, e: expiresAt, n: next, l: pending.locale });
  const payload = Buffer.from(json).toString('base64url');
  setCookie(c, SIGNUP_COOKIE, `${payload}.${sign(deps.config.sessionSecret, payload)}`, {
    ...options(deps),
    maxAge: SIGNUP_TTL_MS / 1000,
  });
}

export function clearSignupCookie(c: Context<AppEnv>, deps: AppDeps): void {
  deleteCookie(c, SIGNUP_COOKIE, options(deps));
}

/** The pending sign-up, or 400 token_not_found / wrong_token / token_expired. */
export function readSignupCookie(c: Context<AppEnv>, deps: AppDeps): Pending {
  const value = getCookie(c, SIGNUP_COOKIE);
  if (!value) throw simpleError(400, 'token_not_found');
  const [payload = '', signature = '', extra] = value.split('.');
  const expected = Buffer.from(sign(deps.config.sessionSecret, payload));
  const given = Buffer.from(signature);
  if (
    extra !== undefined ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  ) {
    throw simpleError(400, 'wrong_token');
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch {
    throw simpleError(400, 'wrong_token');
  }
  const parsed = v.safeParse(Payload, data);
  if (!parsed.success) throw simpleError(400, 'wrong_token');
  const { u, e, n, l } = parsed.output;
  if (e <= deps.clock.now().getTime()) throw simpleError(400, 'token_expired');
  return { userId: u, expiresAt: e, next: n, locale: l };
}
