import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { crashPoint } from '../crash-point.ts';
import type { Database } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { bounded } from '../providers/deadline.ts';
import { failureReason, type ChargeResult } from './providers/provider.ts';
import { paymentProvider } from './providers/registry.ts';
import { isCheckoutId } from './ids.ts';
import { settle } from './settle.ts';
import { autopaymentOf } from './subscription.ts';

export const CHARGE_QUEUE = 'billing-charge';
/** Retries of a charge the provider did not answer; the last failure fails the checkout. */
export const CHARGE_RETRIES = 5;

const ChargeJob = v.object({ checkoutId: v.pipe(v.string(), v.check(isCheckoutId)) });

type ChargeDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;

/**
 * Queues the charge of an open change or renewal checkout, in the transaction that
 * opened it: the checkout never exists without the job that carries it to its end.
 * One job per checkout (the queue is stately, keyed by the checkout's id).
 */
export function queueCharge(
  deps: { jobs: JobQueue },
  tx: Database,
  checkoutId: string,
  startAfterSeconds = 0,
): Promise<void> {
  return deps.jobs.send(
    tx,
    CHARGE_QUEUE,
    { checkoutId },
    { singletonKey: checkoutId, startAfterSeconds },
  );
}

/**
 * Charges the saved method for a checkout still `pending`, and records the outcome:
 * a checkout settled already (by an earlier run, the provider's webhook, expiry, or
 * gone with its account) is left alone. The checkout's id is the provider's
 * idempotency key, so a repeat after a crash between the call and the settlement is
 * the same charge at the provider, never a second one. A provider that fails or does
 * not answer in time either fails the checkout with the reason (`fail`, answering
 * false) or throws for the queue to retry (`throw`).
 */
export async function chargeCheckout(
  deps: ChargeDeps,
  checkoutId: string,
  onUnavailable: 'fail' | 'throw',
): Promise<boolean> {
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (checkout?.status !== 'pending') return true;
  const provider = paymentProvider(deps.config, checkout.provider);
  if (!provider) {
    await settle(deps, checkout.id, 'payment.failed', { error: 'No payment provider' });
    return true;
  }
  const ref = (await autopaymentOf(deps.db, checkout.userId))?.providerRef ?? null;
  crashPoint('charge-before-provider');
  deps.logger.info('provider charge', { checkout: checkout.id, provider: provider.id });
  let result: ChargeResult;
  try {
    result = await bounded(deps.config.providerTimeoutMs, (signal) =>
      provider.charge(checkout, ref, signal),
    );
  } catch (error) {
    deps.logger.warn('charge failed', { checkout: checkout.id, error });
    if (onUnavailable === 'throw') throw error;
    await settle(deps, checkout.id, 'payment.failed', { error: failureReason(error) });
    return false;
  }
  crashPoint('charge-after-provider');
  if (result.outcome === 'pending') {
    // The provider's webhook settles it; a repeat of this job has nothing more to ask.
    await deps.db
      .update(checkouts)
      .set({ status: 'submitted' })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')));
  } else {
    const type = result.outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed';
    await settle(deps, checkout.id, type, { error: result.error });
  }
  crashPoint('charge-settled');
  return true;
}

/** The charge queue's handler: retried while the provider is unavailable, then failed. */
export async function runChargeJob(
  deps: ChargeDeps,
  data: unknown,
  retryCount: number,
): Promise<void> {
  const { checkoutId } = v.parse(ChargeJob, data);
  await chargeCheckout(deps, checkoutId, retryCount >= CHARGE_RETRIES ? 'fail' : 'throw');
}
