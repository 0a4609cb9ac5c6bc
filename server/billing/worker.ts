import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Currency, Interval, PaymentProvider as ProviderId } from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import { autopayments, billingJobs, checkouts, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import { chargeSaved, newCheckoutId } from './checkout.ts';
import { planPrice } from './prices.ts';
import type { PaymentEventType } from './providers/provider.ts';
import { SIGNATURE_HEADER, sandboxWebhook, sandboxWebhookKey } from './providers/sandbox.ts';
import { expire } from './settle.ts';

type WorkerDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;
/** How the worker reaches the webhook endpoint: the app's own fetch. */
export type Deliver = (request: Request) => Promise<Response>;

export const SETTLE_JOB = 'sandbox_settlement';
const MAX_ATTEMPTS = 5;

/** The sandbox provider's settlement, as a job row: due after SANDBOX_SETTLE_SECONDS. */
export async function scheduleSettlement(
  deps: WorkerDeps,
  payload: {
    provider: ProviderId;
    checkoutId: string;
    type: PaymentEventType;
    error?: string;
    ref?: string;
  },
): Promise<void> {
  const runAt = new Date(
    deps.clock.now().getTime() + deps.config.payments.sandboxSettleSeconds * 1000,
  );
  await deps.db.insert(billingJobs).values({ kind: SETTLE_JOB, payload, runAt });
}

/**
 * The in-process poller: sandbox settlements (sent as signed webhooks), stale
 * checkouts, renewals and expiry. All state is in the database, so any number of
 * processes may poll.
 */
export function createBillingWorker(deps: WorkerDeps, deliver: Deliver) {
  async function runJobs(): Promise<void> {
    const now = deps.clock.now();
    const due = await deps.db
      .select({ id: billingJobs.id })
      .from(billingJobs)
      .where(and(isNull(billingJobs.doneAt), lte(billingJobs.runAt, now)))
      .orderBy(billingJobs.runAt)
      .limit(50);
    for (const { id } of due) {
      // The claim is one atomic update: of several pollers, one wins.
      const [job] = await deps.db
        .update(billingJobs)
        .set({ doneAt: now, attempts: sql`${billingJobs.attempts} + 1` })
        .where(and(eq(billingJobs.id, id), isNull(billingJobs.doneAt)))
        .returning();
      if (!job || job.kind !== SETTLE_JOB) continue;
      const { provider = '', checkoutId = '', type, error, ref } = job.payload;
      const key = sandboxWebhookKey(deps.config.sessionSecret, provider as ProviderId);
      const { body, signature } = sandboxWebhook(key, {
        id: `evt_${job.id}`,
        type: type as PaymentEventType,
        checkoutId,
        error,
        ref,
      });
      const url = `${deps.config.publicUrl}/api/billing/webhooks/${provider}/`;
      const response = await deliver(
        new Request(url, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
        }),
      ).catch(() => null);
      if (response?.ok) continue;
      deps.logger.warn('webhook delivery failed', { job: job.id, status: response?.status });
      if (job.attempts < MAX_ATTEMPTS) {
        const retryAt = new Date(now.getTime() + job.attempts * 5000);
        await deps.db
          .update(billingJobs)
          .set({ doneAt: null, runAt: retryAt })
          .where(eq(billingJobs.id, job.id));
      }
    }
  }

  async function renewOrExpire(): Promise<void> {
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
  async function expireStale(): Promise<void> {
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

  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;

  async function tick(): Promise<void> {
    await runJobs();
    await expireStale();
    await renewOrExpire();
  }

  return {
    tick,
    /** Polls every second; a tick still running makes the next one skip. */
    start(intervalMs = 1000) {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        tick()
          .catch((error: unknown) => deps.logger.error('billing worker failed', { error }))
          .finally(() => (running = false));
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
export type BillingWorker = ReturnType<typeof createBillingWorker>;
