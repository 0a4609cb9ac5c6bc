import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Locale } from '../../../contract/countries.ts';
import { SocialProvider } from '../../../contract/identity.ts';
import {
  cookieName,
  cookieOptions,
  readSignedCookie,
  setSignedCookie,
} from '../../http/cookies.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import type { Identity } from '../social/provider.ts';
import { CONSENT_INTENT, saveState, STATE_TTL_MS, takeState } from '../social/states.ts';
import { identityRefused } from '../refusals.ts';

/**
 * A sign-in whose identity is new here waits for the visitor to agree to the terms:
 * the identity rides in this HttpOnly cookie, signed, for ten minutes; its nonce is an
 * `oauth_states` row (intent `consent`), so the cookie is single use and bound to the
 * browser that came back from the provider.
 */
export const CONSENT_COOKIE = 'social_consent';
const PICTURE_IN_COOKIE = 1000;

const Payload = v.object({
  k: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
  p: SocialProvider,
  s: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255)),
  e: v.pipe(v.string(), v.maxLength(254)),
  f: v.pipe(v.string(), v.maxLength(64)),
  l: v.pipe(v.string(), v.maxLength(64)),
  // The picture's address: a longer one is dropped, to keep the cookie small.
  i: v.optional(v.pipe(v.string(), v.maxLength(PICTURE_IN_COOKIE))),
  x: v.number(),
});

/** The flow a consent takes up again: who the provider said the visitor is, and where to go. */
export type PendingConsent = {
  provider: SocialProvider;
  identity: Identity;
  next: string | null;
  locale: Locale;
};

/**
 * Keeps a verified new identity until the visitor agrees (or not). Only called for an
 * identity with a verified e-mail: the consent creates the account with it.
 */
export async function holdForConsent(
  c: Context<AppEnv>,
  deps: AppDeps,
  pending: PendingConsent,
): Promise<void> {
  const nonce = randomBytes(32).toString('base64url');
  await saveState(deps, nonce, {
    provider: pending.provider,
    intent: CONSENT_INTENT,
    next: pending.next,
    locale: pending.locale,
    codeVerifier: '',
    userId: null,
  });
  const { identity } = pending;
  setSignedCookie(
    c,
    deps.config,
    { base: CONSENT_COOKIE, purpose: 'social-consent', maxAgeSeconds: STATE_TTL_MS / 1000 },
    {
      k: nonce,
      p: pending.provider,
      s: identity.subject.slice(0, 255),
      e: (identity.email ?? '').slice(0, 254),
      f: identity.first_name.slice(0, 64),
      l: identity.last_name.slice(0, 64),
      ...(identity.picture_url !== null && identity.picture_url.length <= PICTURE_IN_COOKIE
        ? { i: identity.picture_url }
        : {}),
      x: deps.clock.now().getTime() + STATE_TTL_MS,
    },
  );
}

/** The cookie's claims, or 400 token_not_found / wrong_token / token_expired. */
function readCookie(c: Context<AppEnv>, deps: AppDeps): v.InferOutput<typeof Payload> {
  const claims = readSignedCookie(
    c,
    deps.config,
    { base: CONSENT_COOKIE, purpose: 'social-consent' },
    Payload,
  );
  if (claims.x <= deps.clock.now().getTime()) throw identityRefused('token_expired');
  return claims;
}

export function clearConsentCookie(c: Context<AppEnv>, deps: AppDeps): void {
  deleteCookie(c, cookieName(deps.config, CONSENT_COOKIE), cookieOptions(deps.config));
}

/**
 * The held flow, consumed (single use, whatever happens next): 400 wrong_token when it
 * was used, declined or replaced by a newer sign-in, token_expired after ten minutes.
 */
export async function takeConsent(c: Context<AppEnv>, deps: AppDeps): Promise<PendingConsent> {
  const cookie = readCookie(c, deps);
  const row = await takeState(deps, cookie.k);
  if (!row || row.intent !== CONSENT_INTENT || row.provider !== cookie.p) {
    throw identityRefused('wrong_token');
  }
  if (row.expiresAt <= deps.clock.now()) throw identityRefused('token_expired');
  return {
    provider: cookie.p,
    identity: {
      subject: cookie.s,
      email: cookie.e,
      email_verified: true,
      first_name: cookie.f,
      last_name: cookie.l,
      picture_url: cookie.i ?? null,
    },
    next: row.next,
    locale: row.locale === 'ru' ? 'ru' : 'en',
  };
}

/** The visitor declined: the held identity is dropped, nothing was created. */
export async function dropConsent(c: Context<AppEnv>, deps: AppDeps): Promise<void> {
  try {
    await takeConsent(c, deps);
  } catch {
    // Nothing (left) to drop.
  }
  clearConsentCookie(c, deps);
}
