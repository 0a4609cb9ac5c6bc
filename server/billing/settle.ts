import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Card, CheckoutStatus } from '../../contract/billing.ts';
import type { Database } from '../db/client.ts';
import { autopayments, checkouts, payments, promoCodes, subscriptions } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import type { Checkout, PaymentEventType } from './providers/provider.ts';
import { planPrice } from './prices.ts';
import { addPeriod } from './subscription.ts';

/** What closes a checkout: the provider's outcome, or the worker giving up on it. */
type Outcome = PaymentEventType | 'expired';

const CHECKOUT_STATUS: Record<Outcome, CheckoutStatus> = {
  'payment.succeeded': 'paid',
  'payment.failed': 'failed',
  'payment.canceled': 'canceled',
  expired: 'expired',
};

/** The statuses that still count against the one-open-checkout index. */
export const OPEN_STATUSES: CheckoutStatus[] = ['pending', 'submitted'];

export const DECLINED = 'The card was declined';

type Extra = { error?: string | undefined; ref?: string | undefined; card?: Card | undefined };

/**
 * Applies a payment's outcome once: only an open checkout moves, so a redelivered
 * or late event changes nothing. The one exception is a success for a checkout the
 * worker expired: the payer paid, so it still counts. Answers the settled checkout,
 * or null if nothing moved. One transaction: the checkout never settles without its
 * subscription, autopayment, promo code and its row of the payment history.
 */
export async function settle(
  deps: { db: Database; clock: Clock },
  checkoutId: string,
  type: PaymentEventType,
  extra: Extra = {},
): Promise<Checkout | null> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => settleIn(tx, now, checkoutId, type, extra));
}

/** `settle` inside a transaction the caller holds (the webhook records its event in it). */
export async function settleIn(
  tx: Database,
  now: Date,
  checkoutId: string,
  type: PaymentEventType,
  extra: Extra = {},
): Promise<Checkout | null> {
  const error = type === 'payment.failed' ? (extra.error ?? DECLINED) : null;
  const open = await close(tx, checkoutId, OPEN_STATUSES, type, now, error);
  if (open?.kind === 'card') {
    if (type === 'payment.succeeded') await saveCard(tx, open, now, extra);
    return open;
  }
  if (open) {
    if (type === 'payment.succeeded') await grant(tx, open, now, extra);
    else await giveUp(tx, open, type === 'payment.failed' ? 'failed' : 'canceled', error, now);
    return open;
  }
  if (type !== 'payment.succeeded') return null;
  const late = await close(tx, checkoutId, ['expired'], type, now, null);
  if (!late) return null;
  if (late.kind === 'card') {
    await saveCard(tx, late, now, extra);
    return late;
  }
  await grant(tx, late, now, extra);
  // Expiry gave the reservation back; the payment uses the code after all, even past its limit.
  await changeRedemptions(tx, late.coupon, sql`${promoCodes.redemptions} + 1`);
  return late;
}

/**
 * The worker's end of a checkout nobody finished within CHECKOUT_TTL_MINUTES: the
 * payer may start again, and the promo code is free for someone else.
 */
export async function expire(
  deps: { db: Database; clock: Clock },
  checkoutId: string,
): Promise<Checkout | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const checkout = await close(tx, checkoutId, OPEN_STATUSES, 'expired', now, null);
    // An expired card setup leaves the autopayment and its card as they were.
    if (checkout && checkout.kind !== 'card') await giveUp(tx, checkout, 'canceled', null, now);
    return checkout;
  });
}

async function close(
  tx: Database,
  checkoutId: string,
  from: CheckoutStatus[],
  outcome: Outcome,
  now: Date,
  error: string | null,
): Promise<Checkout | null> {
  const [checkout] = await tx
    .update(checkouts)
    .set({ status: CHECKOUT_STATUS[outcome], settledAt: now, error })
    .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, from)))
    .returning();
  return checkout ?? null;
}

/** A paid checkout: the plan for a period from now, the autopayment running. */
async function grant(tx: Database, checkout: Checkout, now: Date, { ref, card }: Extra) {
  const values = {
    plan: checkout.plan,
    interval: checkout.interval,
    price: checkout.amount,
    currency: checkout.currency,
    expireAt: addPeriod(now, checkout.interval, checkout.additionalDays),
    canceledAt: null,
    updatedAt: now,
  };
  await recordPayment(tx, checkout, now, values.expireAt);
  await tx
    .insert(subscriptions)
    .values({ userId: checkout.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  await tx
    .update(autopayments)
    .set({
      status: 'active',
      latestError: null,
      plan: checkout.plan,
      interval: checkout.interval,
      ...(checkout.kind === 'renewal' ? {} : { coupon: checkout.coupon }),
      ...(ref ? { providerRef: ref } : {}),
      ...(card ? cardColumns(card) : {}),
      updatedAt: now,
    })
    .where(eq(autopayments.userId, checkout.userId));
}

const cardColumns = (card: Card) => ({
  cardBrand: card.brand,
  cardLast4: card.last4,
  cardExpMonth: card.exp_month,
  cardExpYear: card.exp_year,
});

/**
 * A card setup the provider confirmed: the new method and card replace the saved ones;
 * the plan, its period and the payment history stay as they are (nothing was charged).
 * A card setup that failed or was cancelled changes nothing but its own row.
 */
async function saveCard(tx: Database, checkout: Checkout, now: Date, { ref, card }: Extra) {
  await tx
    .update(autopayments)
    .set({
      ...(ref ? { providerRef: ref } : {}),
      ...(card ? cardColumns(card) : {}),
      updatedAt: now,
    })
    .where(eq(autopayments.userId, checkout.userId));
}

/** A checkout that will not be paid: its promo reservation back, the autopayment told. */
async function giveUp(
  tx: Database,
  checkout: Checkout,
  status: 'failed' | 'canceled',
  error: string | null,
  now: Date,
) {
  await changeRedemptions(tx, checkout.coupon, sql`greatest(${promoCodes.redemptions} - 1, 0)`);
  if (status === 'failed') await recordPayment(tx, checkout, now, null);
  const where = eq(autopayments.userId, checkout.userId);
  if (checkout.kind === 'change') {
    // A failed plan change leaves the running autopayment as it was, with the reason.
    await tx.update(autopayments).set({ latestError: error, updatedAt: now }).where(where);
  } else {
    await tx.update(autopayments).set({ status, latestError: error, updatedAt: now }).where(where);
  }
}

async function changeRedemptions(tx: Database, coupon: string, value: SQL) {
  if (coupon === '') return;
  await tx.update(promoCodes).set({ redemptions: value }).where(eq(promoCodes.code, coupon));
}

/**
 * The payment history's row of a settled checkout: paid, with the period it bought
 * (from now to `periodEnd`), or failed (no period). A promo code's discount is the
 * plan's price less the amount charged.
 */
async function recordPayment(
  tx: Database,
  checkout: Checkout,
  now: Date,
  periodEnd: Date | null,
): Promise<void> {
  const price =
    checkout.coupon === ''
      ? checkout.amount
      : await planPrice(tx, checkout.plan, checkout.interval, checkout.currency);
  await tx
    .insert(payments)
    .values({
      checkoutId: checkout.id,
      userId: checkout.userId,
      status: periodEnd ? 'paid' : 'failed',
      provider: checkout.provider,
      plan: checkout.plan,
      interval: checkout.interval,
      amount: checkout.amount,
      currency: checkout.currency,
      discount: Math.max(price - checkout.amount, 0),
      coupon: checkout.coupon,
      periodStart: periodEnd ? now : null,
      periodEnd,
      createdAt: now,
    })
    // A checkout settles once (close() moves only an open or expired one).
    .onConflictDoNothing();
}
