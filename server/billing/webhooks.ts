import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PaymentProvider } from '../../contract/billing.ts';
import { crashPoint } from '../crash-point.ts';
import { checkouts, webhookEvents } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { bounded } from '../providers/deadline.ts';
import { isCheckoutId } from './ids.ts';
import type { PaymentEvent } from './providers/provider.ts';
import { paymentProvider } from './providers/registry.ts';
import { settleIn } from './settle.ts';
import { billingRefused } from './refusals.ts';

export type WebhookOutcome = 'processed' | 'ignored' | 'duplicate';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;

/**
 * A provider's notification: verified, deduplicated by event id, and idempotent (only
 * an open checkout settles, or an expired one that was paid after all). Unknown
 * providers and checkouts are 404, anything not authentic 403.
 */
export async function receiveWebhook(
  deps: Deps,
  providerName: string,
  body: string,
  headers: Headers,
): Promise<WebhookOutcome> {
  const id = v.safeParse(PaymentProvider, providerName);
  const provider = id.success ? paymentProvider(deps.config, id.output) : null;
  if (!provider) throw billingRefused('not_found');
  // YooKassa's check reads the payment back from its API, which may hang like any call.
  const event = await bounded(deps.config.providerTimeoutMs, (signal) =>
    provider.verifyWebhook(body, headers, signal),
  ).catch((error: unknown) => {
    deps.logger.warn('webhook verification failed', { provider: provider.id, error });
    return null;
  });
  if (!event || !/^[\w.:-]{1,200}$/.test(event.id)) throw billingRefused('permission_denied');
  if (!isCheckoutId(event.checkoutId)) throw billingRefused('not_found');
  const [checkout] = await deps.db
    .select({ provider: checkouts.provider })
    .from(checkouts)
    .where(eq(checkouts.id, event.checkoutId));
  if (checkout?.provider !== provider.id) throw billingRefused('not_found');
  crashPoint('settlement-received');
  const outcome = await record(deps, provider.id, event);
  crashPoint('settlement-committed');
  deps.logger.info('payment event', { checkout: event.checkoutId, event: event.id, outcome });
  return outcome;
}

/** The event row and its settlement commit together: a crash between them loses neither. */
function record(
  deps: Deps,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<WebhookOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider, eventId: event.id, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    const settled = await settleIn(tx, now, event.checkoutId, event.type, event);
    crashPoint('settlement-before-commit');
    return settled ? 'processed' : 'ignored';
  });
}
