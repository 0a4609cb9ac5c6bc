import { and, isNull, lt } from 'drizzle-orm';
import { securityEvents, sessions, twoFactors, webauthnChallenges } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { SECURITY_EVENTS_KEPT_MS } from './security-events.ts';

export const IDENTITY_SWEEP_QUEUE = 'identity-sweep';

/** How long an authenticator-app setup may wait for its first code before it is swept. */
export const PENDING_TWO_FACTOR_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly housekeeping job: sessions past their expiry, security events older than
 * the log keeps, passkey challenges past their five minutes and authenticator-app
 * setups left a day without their first code (the secret shown then is never stored
 * for good), whoever's (a sign-in still clears its own user's expired sessions). Reads
 * already leave them out; this keeps the tables from growing with accounts that never
 * come back, with logins naming no account and with challenges and setups started and
 * never finished.
 */
export async function sweepIdentity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<{ sessions: number; events: number; twoFactorSetups: number }> {
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
  // A setup still pending is never an app that is on: `enabled_at` null only.
  const setups = await deps.db
    .delete(twoFactors)
    .where(
      and(
        isNull(twoFactors.enabledAt),
        lt(twoFactors.createdAt, new Date(now.getTime() - PENDING_TWO_FACTOR_MS)),
      ),
    )
    .returning({ userId: twoFactors.userId });
  return { sessions: ended.length, events: old.length, twoFactorSetups: setups.length };
}
