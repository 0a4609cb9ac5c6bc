// One module each: the package's root re-exports some 800 modules, whose resolution
// alone cost about a second of every server start.
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { and, eq, inArray } from 'drizzle-orm';
import type { Currency, Interval } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import { autopayments, checkouts, subscriptions, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';
import { currencyFor } from './prices.ts';
import { billingRefused } from './refusals.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days a period is worth when converting between plans. */
export const PERIOD_DAYS: Record<Interval, number> = { monthly: 30, yearly: 365 };

/**
 * The end of a period started at `from`: the same day next month or next year, or the
 * last day of that month when it is shorter (31 January → 28/29 February, 29 February
 * → 28 February next year), then `extraDays` more. Same time of day, on the UTC calendar.
 */
export function addPeriod(from: Date, interval: Interval, extraDays = 0): Date {
  return onUtcCalendar(from, (day) =>
    addDays(interval === 'monthly' ? addMonths(day, 1) : addYears(day, 1), extraDays),
  );
}

/**
 * Runs date-fns calendar steps on the UTC date of `from`, whatever the process's TZ:
 * date-fns counts in local time, so the UTC year, month and day are carried on a local
 * noon (no zone changes its clocks at noon, so no DST gap or repeat can shift the day)
 * and read back as a UTC date, which gets `from`'s UTC time of day again.
 */
function onUtcCalendar(from: Date, step: (localNoon: Date) => Date): Date {
  const localNoon = new Date(2000, 0, 1, 12);
  localNoon.setFullYear(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const moved = step(localNoon);
  const timeOfDay = ((from.getTime() % DAY_MS) + DAY_MS) % DAY_MS;
  const end = new Date(timeOfDay);
  end.setUTCFullYear(moved.getFullYear(), moved.getMonth(), moved.getDate());
  return end;
}

export type CurrentSubscription = {
  plan: PlanId;
  interval: Interval;
  price: number;
  currency: Currency;
  expireAt: Date | null;
  canceledAt: Date | null;
  /** True when a row exists (a paid plan now or before). */
  stored: boolean;
};

export async function currentSubscription(
  db: Database,
  user: Pick<User, 'id' | 'country'>,
): Promise<CurrentSubscription> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  if (!row) {
    const currency = currencyFor(user.country);
    const free = { plan: 'free', interval: 'monthly', price: 0, currency } as const;
    return { ...free, expireAt: null, canceledAt: null, stored: false };
  }
  return {
    plan: row.plan,
    interval: row.interval,
    price: row.price,
    currency: row.currency,
    expireAt: row.expireAt,
    canceledAt: row.canceledAt,
    stored: true,
  };
}

/**
 * `currentSubscription` from the session cache while it has heard no change to the
 * user's subscription (decisions 0210, 0037): a read, asked only by a request that has
 * not written.
 */
export function keptSubscription(
  deps: Pick<AppDeps, 'db' | 'cache' | 'clock'>,
  user: Pick<User, 'id' | 'country'>,
): Promise<CurrentSubscription> {
  return userRead(deps, user.id, 'subscription', () => currentSubscription(deps.db, user));
}

/** A paid period that has not ended yet: kept by go-to-free and restore, worth days to a change. */
export const paidPeriodRunning = (current: CurrentSubscription, now: Date) =>
  current.plan !== 'free' && current.expireAt !== null && current.expireAt > now;

export async function autopaymentOf(db: Database, userId: number) {
  const [row] = await db.select().from(autopayments).where(eq(autopayments.userId, userId));
  return row;
}

export async function openCheckoutOf(db: Database, userId: number) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), inArray(checkouts.status, ['pending', 'submitted'])));
  return row;
}

/** The go-to-free form: free at expiry (now if already expired), answers the cancel scenario. */
export async function goToFree(deps: AppDeps, user: User): Promise<void> {
  if ((await autopaymentOf(deps.db, user.id))?.status === 'active') {
    throw billingRefused('plan_unavailable');
  }
  const now = deps.clock.now();
  const current = await currentSubscription(deps.db, user);
  if (!current.stored) return;
  const running = paidPeriodRunning(current, now);
  await deps.db
    .update(subscriptions)
    .set(
      running
        ? { canceledAt: now, updatedAt: now }
        : { plan: 'free', price: 0, expireAt: null, canceledAt: null, updatedAt: now },
    )
    .where(eq(subscriptions.userId, user.id));
}

/** DELETE /api/autopayment/: no more charges; the plan stays until expire_at, then the sweep moves it to free. */
export async function cancelAutopayment(deps: AppDeps, user: User): Promise<void> {
  const row = await autopaymentOf(deps.db, user.id);
  if (row?.status !== 'active') throw billingRefused('no_autopayment');
  await switchAutopayment(deps, user.id, 'canceled');
}

/** PATCH /api/autopayment/status/: only a canceled autopayment whose paid period still runs. */
export async function restoreAutopayment(deps: AppDeps, user: User): Promise<void> {
  const row = await autopaymentOf(deps.db, user.id);
  const current = await currentSubscription(deps.db, user);
  if (row?.status !== 'canceled' || !paidPeriodRunning(current, deps.clock.now())) {
    throw billingRefused('no_autopayment');
  }
  await switchAutopayment(deps, user.id, 'active');
}

/** The autopayment on or off, and the subscription's canceled_at with it, in one transaction. */
async function switchAutopayment(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  status: 'active' | 'canceled',
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(autopayments)
      .set({ status, latestError: null, updatedAt: now })
      .where(eq(autopayments.userId, userId));
    await tx
      .update(subscriptions)
      .set({ canceledAt: status === 'canceled' ? now : null, updatedAt: now })
      .where(eq(subscriptions.userId, userId));
  });
}
