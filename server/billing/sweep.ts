import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { crashPoint } from '../crash-point.ts';
import { autopayments, checkouts, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { queueCharge } from './charge.ts';
import { newCheckoutId } from './ids.ts';
import { planPrice } from './prices.ts';
import { expire } from './settle.ts';

type SweepDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'jobs'>;
type Due = {
  sub: typeof subscriptions.$inferSelect;
  autopayment: typeof autopayments.$inferSelect | null;
};

/**
 * The billing work that time makes due, run every minute by the queue (and by hand in
 * tests, with their clock): open checkouts past their lifetime expire, paid periods
 * that ended renew with the saved card (a renewal checkout and its charge job, one
 * transaction each; the job calls the provider) or fall back to free (one transaction
 * each). Each step moves only what is still due, so two runs at once or a repeat
 * after a crash do no harm.
 */
export async function sweepBilling(deps: SweepDeps): Promise<void> {
  await expireStale(deps);
  const now = deps.clock.now();
  const due = await deps.db
    .select({ sub: subscriptions, autopayment: autopayments })
    .from(subscriptions)
    .leftJoin(autopayments, eq(autopayments.userId, subscriptions.userId))
    .where(and(ne(subscriptions.plan, 'free'), lte(subscriptions.expireAt, now)))
    .limit(100);
  for (const row of due) {
    if (row.autopayment?.status === 'active' && row.sub.canceledAt === null) {
      await openRenewal(deps, row.sub, row.autopayment, now);
    } else {
      await fallToFree(deps, row.sub.userId, now);
    }
  }
}

/**
 * A renewal checkout at the plan's full price and the job that charges it, committed
 * together. An open checkout of the user (a renewal under way, or a payer at a
 * checkout) goes first: nothing is opened then. The period is read again under a row
 * lock: the sweep's list may be stale (a renewal settled since, by its job in this or
 * another process), and a period renewed already is not renewed twice.
 */
export async function openRenewal(
  deps: SweepDeps,
  sub: Due['sub'],
  autopayment: NonNullable<Due['autopayment']>,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [stillDue] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, sub.userId),
          ne(subscriptions.plan, 'free'),
          lte(subscriptions.expireAt, now),
        ),
      )
      .for('update');
    if (!stillDue) return;
    const amount = await planPrice(tx, autopayment.plan, autopayment.interval, sub.currency);
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        id: newCheckoutId(),
        userId: sub.userId,
        kind: 'renewal',
        provider: autopayment.provider,
        status: 'pending',
        plan: autopayment.plan,
        interval: autopayment.interval,
        amount,
        currency: sub.currency,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: checkouts.id });
    if (checkout) await queueCharge(deps, tx, checkout.id);
  });
  crashPoint('renewal-committed');
}

/** The period ended without a renewal: free, and the autopayment gone, in one transaction. */
async function fallToFree(deps: SweepDeps, userId: number, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(subscriptions)
      .set({
        plan: 'free',
        interval: 'monthly',
        price: 0,
        expireAt: null,
        canceledAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(subscriptions.userId, userId),
          ne(subscriptions.plan, 'free'),
          lte(subscriptions.expireAt, now),
        ),
      )
      .returning({ userId: subscriptions.userId });
    if (!moved) return;
    // A failed payment stays readable (GET answers its error) until the next checkout.
    await tx
      .delete(autopayments)
      .where(
        and(eq(autopayments.userId, userId), inArray(autopayments.status, ['active', 'canceled'])),
      );
  });
}

/** Checkouts left open past CHECKOUT_TTL_MINUTES: else their payers stay stuck at 409. */
async function expireStale(deps: SweepDeps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.config.payments.checkoutTtlMs);
  const stale = await deps.db
    .select({ id: checkouts.id })
    .from(checkouts)
    // Spelled as the partial index checkouts_one_open_per_user is, so it can serve.
    .where(
      and(sql`${checkouts.status} in ('pending', 'submitted')`, lte(checkouts.createdAt, cutoff)),
    )
    .limit(100);
  for (const { id } of stale) await expire(deps, id);
}
