import { and, eq } from 'drizzle-orm';
import type { PaymentProvider as ProviderId } from '../../contract/billing.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { Checkout, PaymentEventType } from './providers/provider.ts';
import { SIGNATURE_HEADER, sandboxWebhook, sandboxWebhookKey } from './providers/sandbox.ts';

/** How the sandbox reaches the webhook endpoint: the app's own fetch. */
export type Deliver = (request: Request) => Promise<Response>;

/** What the sandbox provider will tell about a checkout, as a provider would. */
export type Settlement = {
  provider: ProviderId;
  checkoutId: string;
  type: PaymentEventType;
  error?: string;
  ref?: string;
};

export const SETTLEMENT_QUEUE = 'sandbox-settlement';

/**
 * The sandbox's settlement, sent in the transaction that submitted the checkout and
 * due after SANDBOX_SETTLE_SECONDS, so the payer's status polling waits as it would
 * for a real provider.
 */
export function scheduleSettlement(
  deps: { jobs: JobQueue; config: Config },
  db: Database,
  settlement: Settlement,
): Promise<void> {
  return deps.jobs.send(db, SETTLEMENT_QUEUE, settlement, {
    startAfterSeconds: deps.config.payments.sandboxSettleSeconds,
  });
}

/**
 * The payer's decision on the sandbox's hosted page: the checkout is submitted and its
 * settlement scheduled in one transaction. False when it was submitted already.
 */
export function submitSandboxCheckout(
  deps: { db: Database; jobs: JobQueue; config: Config },
  checkout: Checkout,
  outcome: Pick<Settlement, 'type' | 'error' | 'ref'>,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [submitted] = await tx
      .update(checkouts)
      .set({ status: 'submitted' })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')))
      .returning({ id: checkouts.id });
    if (!submitted) return false;
    const provider = checkout.provider as ProviderId;
    await scheduleSettlement(deps, tx, { provider, checkoutId: checkout.id, ...outcome });
    return true;
  });
}

/**
 * Posts the signed webhook. The job's id is the event id, so a redelivery after a
 * crash is a duplicate to the endpoint; an answer other than 2xx is retried.
 */
export async function deliverSettlement(
  deps: { config: Config; logger: Logger; deliver: Deliver },
  settlement: Settlement,
  jobId: string,
): Promise<void> {
  const key = sandboxWebhookKey(deps.config.sessionSecret, settlement.provider);
  const { body, signature } = sandboxWebhook(key, {
    id: `evt_${jobId}`,
    type: settlement.type,
    checkoutId: settlement.checkoutId,
    error: settlement.error,
    ref: settlement.ref,
  });
  const url = `${deps.config.publicUrl}/api/billing/webhooks/${settlement.provider}/`;
  const response = await deps.deliver(
    new Request(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
    }),
  );
  if (!response.ok) {
    deps.logger.warn('webhook delivery failed', { job: jobId, status: response.status });
    throw new Error(`webhook answered ${response.status}`);
  }
}
