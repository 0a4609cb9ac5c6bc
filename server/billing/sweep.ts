import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Currency, Interval } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import { autopayments, checkouts, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import { chargeSaved, newCheckoutId } from './checkout.ts';
import { planPrice } from './prices.ts';
import { expire } from './settle.ts';

type SweepDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;

/**
 * The billing work that time makes due, run every minute by the queue (and by hand in
 * tests, with their clock): open checkouts past their lifetime expire, paid periods
 * that ended renew with the saved card or fall back to free. Each step moves only what
 * is still due, so two runs at once or a repeat after a crash do no harm.
 */
export async function sweepBilling(deps: SweepDeps): Promise<void> {
  await expireStale(deps);
  await renewOrExpire(deps);
}

async function renewOrExpire(deps: SweepDeps): Promise<void> {
  const now = deps.clock.now();
  const expired = await deps.db
    .select({ sub: subscriptions, autopayment: autopayments })
    .from(subscriptions)
    .leftJoin(autopayments, eq(autopayments.userId, subscriptions.userId))
    .where(and(ne(subscriptions.plan, 'free'), lte(subscriptions.expireAt, now)))
    .limit(100);
  for (const { sub, autopayment } of expired) {
    if (autopayment?.status === 'active' && sub.canceledAt === null) {
      const [checkout] = await deps.db
        .insert(checkouts)
        .values({
          id: newCheckoutId(),
          userId: sub.userId,
          kind: 'renewal',
          provider: autopayment.provider,
          status: 'pending',
          plan: autopayment.plan,
          interval: autopayment.interval,
          amount: await planPrice(
            deps.db,
            autopayment.plan as PlanId,
            autopayment.interval as Interval,
            sub.currency as Currency,
          ),
          currency: sub.currency,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // An open checkout (a renewal under way, or a payer at a checkout) goes first.
      if (checkout) await chargeSaved(deps, checkout, autopayment.providerRef);
      continue;
    }
    await deps.db
      .update(subscriptions)
      .set({
        plan: 'free',
        interval: 'monthly',
        price: 0,
        expireAt: null,
        canceledAt: null,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.userId, sub.userId), lte(subscriptions.expireAt, now)));
    // A failed payment stays readable (GET answers its error) until the next checkout.
    if (autopayment && autopayment.status !== 'pending' && autopayment.status !== 'failed') {
      await deps.db.delete(autopayments).where(eq(autopayments.userId, sub.userId));
    }
  }
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
