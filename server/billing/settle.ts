import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Interval } from '../../contract/billing.ts';
import type { Database } from '../db/client.ts';
import { autopayments, checkouts, promoCodes, subscriptions } from '../db/schema.ts';
import type { Clock } from '../http/context.ts';
import type { Checkout, PaymentEventType } from './providers/provider.ts';
import { addPeriod } from './subscription.ts';

const CHECKOUT_STATUS: Record<PaymentEventType, string> = {
  'payment.succeeded': 'paid',
  'payment.failed': 'failed',
  'payment.canceled': 'canceled',
};

export const DECLINED = 'The card was declined';

/**
 * Applies a payment's outcome once: only an open checkout moves, so a redelivered
 * or late event changes nothing. Answers the settled checkout, or null if it was not open.
 */
export async function settle(
  deps: { db: Database; clock: Clock },
  checkoutId: string,
  type: PaymentEventType,
  extra: { error?: string | undefined; ref?: string | undefined } = {},
): Promise<Checkout | null> {
  const { db } = deps;
  const now = deps.clock.now();
  const error = type === 'payment.failed' ? (extra.error ?? DECLINED) : null;
  const [checkout] = await db
    .update(checkouts)
    .set({ status: CHECKOUT_STATUS[type], settledAt: now, error })
    .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, ['pending', 'submitted'])))
    .returning();
  if (!checkout) return null;
  const where = eq(autopayments.userId, checkout.userId);
  if (type === 'payment.succeeded') {
    const values = {
      plan: checkout.plan,
      interval: checkout.interval,
      price: checkout.amount,
      currency: checkout.currency,
      expireAt: addPeriod(now, checkout.interval as Interval, checkout.additionalDays),
      canceledAt: null,
      updatedAt: now,
    };
    await db
      .insert(subscriptions)
      .values({ userId: checkout.userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    await db
      .update(autopayments)
      .set({
        status: 'active',
        latestError: null,
        plan: checkout.plan,
        interval: checkout.interval,
        ...(checkout.kind === 'renewal' ? {} : { coupon: checkout.coupon }),
        ...(extra.ref ? { providerRef: extra.ref } : {}),
        updatedAt: now,
      })
      .where(where);
    if (checkout.coupon !== '') {
      await db
        .update(promoCodes)
        .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
        .where(eq(promoCodes.code, checkout.coupon));
    }
  } else if (checkout.kind === 'change') {
    // A failed plan change leaves the running autopayment as it was, with the reason.
    await db.update(autopayments).set({ latestError: error, updatedAt: now }).where(where);
  } else {
    const status = type === 'payment.failed' ? 'failed' : 'canceled';
    await db.update(autopayments).set({ status, latestError: error, updatedAt: now }).where(where);
  }
  return checkout;
}
