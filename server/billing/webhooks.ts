import { and, eq } from 'drizzle-orm';
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

const EVENT_ID = /^[\w.:-]{1,200}$/;

export type WebhookOutcome = 'processed' | 'ignored' | 'duplicate';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;

/**
 * A provider's notification: deduplicated by event id (before the provider's read-back
 * where it names its id), verified, and idempotent (only
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
  // A redelivery is known by its id before the provider is asked anything.
  const claimed = await provider.claimedEventId?.(body, headers);
  if (claimed && EVENT_ID.test(claimed) && (await recorded(deps, provider.id, claimed))) {
    deps.logger.info('payment event', { event: claimed, outcome: 'duplicate' });
    return 'duplicate';
  }
  // YooKassa's check reads the payment back from its API, which may hang like any call.
  const event = await bounded(deps.config.providerTimeoutMs, (signal) =>
    provider.verifyWebhook(body, headers, signal),
  ).catch((error: unknown) => {
    deps.logger.warn('webhook verification failed', { provider: provider.id, error });
    return null;
  });
  if (!event || !EVENT_ID.test(event.id)) throw billingRefused('permission_denied');
  if (!isCheckoutId(event.checkoutId)) throw billingRefused('not_found');
  const [checkout] = await deps.db
    .select({ provider: checkouts.provider })
    .from(checkouts)
    .where(eq(checkouts.id, event.checkoutId));
  if (checkout?.provider !== provider.id) throw billingRefused('not_found');
  if (event.cardUnread !== undefined) {
    deps.logger.warn('payment settles without its card', {
      provider: provider.id,
      checkout: event.checkoutId,
      error: event.cardUnread,
    });
  }
  crashPoint('settlement-received');
  const outcome = await record(deps, provider.id, event);
  crashPoint('settlement-committed');
  deps.logger.info('payment event', { checkout: event.checkoutId, event: event.id, outcome });
  return outcome;
}

async function recorded(deps: Deps, provider: PaymentProvider, eventId: string) {
  const [row] = await deps.db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
  return row !== undefined;
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
