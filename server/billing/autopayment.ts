import type { Autopayment, PaymentProvider } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import type { autopayments } from '../db/schema.ts';
import { simpleError } from '../http/errors.ts';
import { autopaymentOf } from './subscription.ts';

export function toAutopayment(row: typeof autopayments.$inferSelect): Autopayment {
  return {
    status: row.status,
    latest_error: row.latestError,
    provider: row.provider as PaymentProvider,
    plan: row.plan as PlanId,
    interval: row.interval as Autopayment['interval'],
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

/** The user's autopayment as GET /api/autopayment/ answers it; none is 404 no_autopayment. */
export async function autopaymentAnswer(
  db: Database,
  userId: number,
): Promise<{ autopayment: Autopayment }> {
  const row = await autopaymentOf(db, userId);
  if (!row) throw simpleError(404, 'no_autopayment');
  return { autopayment: toAutopayment(row) };
}
