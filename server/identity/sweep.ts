import { lt } from 'drizzle-orm';
import { securityEvents, sessions, webauthnChallenges } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { SECURITY_EVENTS_KEPT_MS } from './security-events.ts';

export const IDENTITY_SWEEP_QUEUE = 'identity-sweep';

/**
 * The hourly housekeeping job: sessions past their expiry, security events older than
 * the log keeps and passkey challenges past their five minutes, whoever's (a sign-in
 * still clears its own user's expired sessions). Reads already leave them out; this
 * keeps the tables from growing with accounts that never come back, with logins naming
 * no account and with challenges asked for and never used.
 */
export async function sweepIdentity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<{ sessions: number; events: number }> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - SECURITY_EVENTS_KEPT_MS);
  // Independent deletes: any one alone leaves nothing half done.
  const ended = await deps.db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const old = await deps.db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, before))
    .returning({ id: securityEvents.id });
  // Passkey challenges never used within their five minutes.
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  return { sessions: ended.length, events: old.length };
}
