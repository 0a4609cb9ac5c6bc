import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import * as v from 'valibot';
import { Locale } from '../../../contract/countries.ts';
import type { AppDeps } from '../../deps.ts';
import { identityRefused } from '../refusals.ts';
import {
  cookieName,
  cookieOptions,
  readSignedCookie,
  setSignedCookie,
} from '../../http/cookies.ts';
import type { AppEnv } from '../../http/context.ts';
import { openFlow, SIGNUP_TTL_MS, type Pending } from '../signup-flows.ts';

export const SIGNUP_COOKIE = 'signup';

const Payload = v.object({
  u: v.pipe(v.number(), v.integer()),
  k: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
  e: v.number(),
  n: v.nullable(v.string()),
  l: Locale,
});

/** Hands the browser its pending sign-up, signed. */
export function writeSignupCookie(c: Context<AppEnv>, deps: AppDeps, pending: Pending): void {
  setSignedCookie(
    c,
    deps.config,
    { base: SIGNUP_COOKIE, purpose: 'signup', maxAgeSeconds: SIGNUP_TTL_MS / 1000 },
    {
      u: pending.userId,
      k: pending.nonce,
      e: pending.expiresAt,
      n: pending.next,
      l: pending.locale,
    },
  );
}

export function clearSignupCookie(c: Context<AppEnv>, deps: AppDeps): void {
  deleteCookie(c, cookieName(deps.config, SIGNUP_COOKIE), cookieOptions(deps.config));
}

/** The cookie's claims, or 400 token_not_found / wrong_token / token_expired. */
export function readSignupCookie(c: Context<AppEnv>, deps: AppDeps): Pending {
  const { u, k, e, n, l } = readSignedCookie(
    c,
    deps.config,
    { base: SIGNUP_COOKIE, purpose: 'signup' },
    Payload,
  );
  if (e <= deps.clock.now().getTime()) throw identityRefused('token_expired');
  return { userId: u, nonce: k, expiresAt: e, next: n, locale: l };
}

/** /login/2: the right password of an unconfirmed account starts a flow of its own. */
export async function setSignupCookie(
  c: Context<AppEnv>,
  deps: AppDeps,
  flow: { userId: number; next: string | null; locale: Locale },
): Promise<void> {
  writeSignupCookie(c, deps, await openFlow(deps, deps.db, { ...flow, verified: false }));
}
