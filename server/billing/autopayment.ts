import type { Autopayment } from '../../contract/billing.ts';
import type { Database } from '../db/client.ts';
import type { autopayments } from '../db/schema.ts';
import type { SessionCache } from '../db/session-cache.ts';
import { autopaymentOf } from './subscription.ts';
import { billingRefused } from './refusals.ts';

export function toAutopayment(row: typeof autopayments.$inferSelect): Autopayment {
  return {
    status: row.status,
    latest_error: row.latestError,
    provider: row.provider,
    plan: row.plan,
    interval: row.interval,
    coupon: row.coupon,
    user_data: {
      first_name: row.userData.first_name ?? '',
      second_name: row.userData.second_name ?? '',
      email: row.userData.email ?? '',
      country: row.userData.country ?? '',
    },
    options: row.options,
  };
}

/**
 * The user's autopayment as GET /api/autopayment/ answers it; none is 404 no_autopayment.
 * Read from the database, or from the cache when one is given: only a request that has
 * not written may pass it, since the cache hears of a change when the request ends.
 */
export async function autopaymentAnswer(
  db: Database,
  userId: number,
  cache?: SessionCache,
): Promise<{ autopayment: Autopayment }> {
  const autopayment = await cachedAutopayment(db, userId, cache);
  if (!autopayment) throw billingRefused('autopayment_not_found');
  return { autopayment };
}

/** The user's autopayment or null, from the cache when given (see above). */
export async function cachedAutopayment(
  db: Database,
  userId: number,
  cache?: SessionCache,
): Promise<Autopayment | null> {
  let autopayment = cache?.getAutopayment(userId);
  if (autopayment === undefined) {
    const mark = cache?.mark() ?? 0;
    const row = await autopaymentOf(db, userId);
    autopayment = row ? toAutopayment(row) : null;
    cache?.setAutopayment(userId, autopayment, mark);
  }
  return autopayment;
}
