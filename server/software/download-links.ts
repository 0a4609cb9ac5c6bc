import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

/*
 * Download links when DOWNLOAD_TOKEN is set: each one is signed for one user, one
 * release file and an expiry, `?user=&expires=&signature=`, so a link taken from one
 * account's page, a mail or a log opens nothing else, and nothing after it expires.
 * A link works without a session (a download manager, another browser), which is why
 * the user id travels in it; in a browser signed in as someone else it is refused.
 */

/** How long a link from the software page works: a day, for a resumed or slow download. */
export const DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60_000;

/** What a link names: its signature covers all three. */
export type DownloadGrant = { userId: number; releaseId: string; expires: number };

/**
 * The links' own key, derived from the session secret (so no key is shared between
 * purposes) and DOWNLOAD_TOKEN (so changing the token ends every link given out).
 */
function linkKey(config: Pick<Config, 'sessionSecret'>, gate: string): Buffer {
  return createHmac('sha256', config.sessionSecret).update(`download-links\0${gate}`).digest();
}

function signatureOf(key: Buffer, grant: DownloadGrant): Buffer {
  return createHmac('sha256', key)
    .update(`${grant.userId}\0${grant.releaseId}\0${grant.expires}`)
    .digest();
}

/** The query of a link to release `releaseId` for `userId`, valid DOWNLOAD_LINK_TTL_MS from now. */
export function signedDownloadQuery(
  config: Pick<Config, 'sessionSecret'>,
  gate: string,
  userId: number,
  releaseId: number,
  now: Date,
): string {
  const grant = {
    userId,
    releaseId: String(releaseId),
    expires: Math.floor((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000),
  };
  const signature = signatureOf(linkKey(config, gate), grant).toString('base64url');
  return `user=${grant.userId}&expires=${grant.expires}&signature=${signature}`;
}

export type LinkParams = {
  user: string | undefined;
  expires: string | undefined;
  signature: string | undefined;
};

const USER_ID = /^[1-9]\d{0,9}$/;
const SECONDS = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether a request for release `releaseId` (the path's text) may download: the
 * signature right (compared in constant time), the link not expired, the signed-in
 * user (if any) the link's, and that user still there (a removed account's links die
 * with it).
 */
export async function downloadAllowed(
  deps: { config: Pick<Config, 'sessionSecret'>; db: Database },
  gate: string,
  params: LinkParams,
  releaseId: string,
  sessionUserId: number | null,
  now: Date,
): Promise<boolean> {
  const { user, expires, signature } = params;
  if (!user || !USER_ID.test(user) || !expires || !SECONDS.test(expires)) return false;
  if (!signature || !SIGNATURE.test(signature)) return false;
  const grant = { userId: Number(user), releaseId, expires: Number(expires) };
  const expected = signatureOf(linkKey(deps.config, gate), grant);
  if (!timingSafeEqual(Buffer.from(signature, 'base64url'), expected)) return false;
  if (grant.expires * 1000 <= now.getTime()) return false;
  if (sessionUserId !== null && sessionUserId !== grant.userId) return false;
  const [owner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, grant.userId))
    .limit(1);
  return owner !== undefined;
}
