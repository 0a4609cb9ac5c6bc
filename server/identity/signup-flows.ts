import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../contract/countries.ts';
import type { Database } from '../db/client.ts';
import { pendingSignups } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { identityRefused } from './refusals.ts';
import { keptNext } from './accounts.ts';
import { hashToken } from './tokens.ts';

export const SIGNUP_TTL_MS = 60 * 60 * 1000;

/**
 * The pending sign-up a browser holds: the user, the flow's nonce, until when, where
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

/**
 * Starts a new flow for the user (a sign-up post, /login/2, a confirmed code): a fresh
 * nonce replaces the stored one, so every older flow for this address stops working.
 * What it answers goes to the browser (its sign-up cookie).
 */
export async function openFlow(
  deps: AppDeps,
  db: Database,
  flow: { userId: number; next: string | null; locale: Locale; verified: boolean },
): Promise<Pending> {
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
  const next = keptNext(flow.next);
  return {
    userId: flow.userId,
    nonce,
    expiresAt: now.getTime() + SIGNUP_TTL_MS,
    next,
    locale: flow.locale,
  };
}

/** Ends every pending flow of the user: a reset, a social link or a finished sign-up. */
export async function endFlows(db: Database, userId: number): Promise<void> {
  await db.delete(pendingSignups).where(eq(pendingSignups.userId, userId));
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
  if (!row) throw identityRefused('wrong_token');
  return row;
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
  if (gone.length === 0) throw identityRefused('wrong_token');
}
