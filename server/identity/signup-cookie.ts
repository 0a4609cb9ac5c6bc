import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Locale } from '../../contract/countries.ts';
import type { Database } from '../db/client.ts';
import { pendingSignups } from '../db/schema.ts';
import { cookieName, cookieOptions, readSignedCookie, setSignedCookie } from '../http/cookies.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { isLocalPath } from './accounts.ts';
import { hashToken } from './tokens.ts';
import { refused } from '../errors.ts';

export const SIGNUP_COOKIE = 'signup';
export const SIGNUP_TTL_MS = 60 * 60 * 1000;

/**
 * The pending sign-up of this browser: the user, the flow's nonce, until when, where
 * to go after, locale. The nonce must match the user's pending_signups row, which
 * every new step of any flow for that address replaces or deletes.
 */
export type Pending = {
  userId: number;
  nonce: string;
  expiresAt: number;
  next: string | null;
  locale: Locale;
};

const Payload = v.object({
  u: v.pipe(v.number(), v.integer()),
  k: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
  e: v.number(),
  n: v.nullable(v.string()),
  l: Locale,
});

/**
 * Starts a new flow for the user (a sign-up post, /login/2, a confirmed code): a fresh
 * nonce replaces the stored one, so every older cookie for this address stops working.
 */
export async function startFlow(
  c: Context<AppEnv>,
  deps: AppDeps,
  db: Database,
  flow: { userId: number; next: string | null; locale: Locale; verified: boolean },
): Promise<void> {
  const nonce = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const row = {
    nonceHash: hashToken(nonce),
    verifiedAt: flow.verified ? now : null,
    createdAt: now,
  };
  await db
    .insert(pendingSignups)
    .values({ userId: flow.userId, ...row })
    .onConflictDoUpdate({ target: pendingSignups.userId, set: row });
  const expiresAt = now.getTime() + SIGNUP_TTL_MS;
  // Browsers drop cookies over 4 KB: a long or foreign `next` is not worth keeping.
  const next =
    flow.next !== null && flow.next.length <= 512 && isLocalPath(flow.next) ? flow.next : null;
  setSignedCookie(
    c,
    deps.config,
    { base: SIGNUP_COOKIE, purpose: 'signup', maxAgeSeconds: SIGNUP_TTL_MS / 1000 },
    { u: flow.userId, k: nonce, e: expiresAt, n: next, l: flow.locale },
  );
}

/** Ends every pending flow of the user: a reset, a social link or a finished sign-up. */
export async function endFlows(db: Database, userId: number): Promise<void> {
  await db.delete(pendingSignups).where(eq(pendingSignups.userId, userId));
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
  if (e <= deps.clock.now().getTime()) throw refused('token_expired');
  return { userId: u, nonce: k, expiresAt: e, next: n, locale: l };
}

/**
 * The stored flow the cookie belongs to, or 400 wrong_token when another step (a newer
 * sign-up, a reset, a social sign-in) replaced or ended it.
 */
export async function currentFlow(db: Database, cookie: Pending) {
  const [row] = await db
    .select()
    .from(pendingSignups)
    .where(
      and(
        eq(pendingSignups.userId, cookie.userId),
        eq(pendingSignups.nonceHash, hashToken(cookie.nonce)),
      ),
    );
  if (!row) throw refused('wrong_token');
  return row;
}

/** /login/2: the right password of an unconfirmed account starts a flow of its own. */
export function setSignupCookie(
  c: Context<AppEnv>,
  deps: AppDeps,
  flow: { userId: number; next: string | null; locale: Locale },
): Promise<void> {
  return startFlow(c, deps, deps.db, { ...flow, verified: false });
}

/**
 * Consumes the cookie's flow (compare-and-delete on the nonce), or 400 wrong_token when
 * another step replaced it in the meantime.
 */
export async function finishFlow(db: Database, cookie: Pending): Promise<void> {
  const gone = await db
    .delete(pendingSignups)
    .where(
      and(
        eq(pendingSignups.userId, cookie.userId),
        eq(pendingSignups.nonceHash, hashToken(cookie.nonce)),
      ),
    )
    .returning({ userId: pendingSignups.userId });
  if (gone.length === 0) throw refused('wrong_token');
}
