import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PaymentProvider } from '../../contract/billing.ts';
import { isCheckoutId } from '../billing/checkout.ts';
import { paymentProvider } from '../billing/providers/registry.ts';
import { settle } from '../billing/settle.ts';
import { checkouts, webhookEvents } from '../db/schema.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { simpleError } from '../http/errors.ts';

/**
 * Mounted at /api/billing/webhooks/ (no CSRF: the signature is the credential).
 * Verified, deduplicated by event id, and idempotent (only an open checkout settles).
 */
export function billingWebhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/:provider/', async (c) => {
    const id = v.safeParse(PaymentProvider, c.req.param('provider'));
    const provider = id.success ? paymentProvider(deps.config, id.output) : null;
    if (!provider) throw simpleError(404, 'not_found');
    const body = await c.req.text();
    const event = await provider.verifyWebhook(body, c.req.raw.headers).catch((error: unknown) => {
      deps.logger.warn('webhook verification failed', { provider: provider.id, error });
      return null;
    });
    if (!event || !/^[\w.:-]{1,200}$/.test(event.id)) throw simpleError(403, 'permission_denied');
    if (!isCheckoutId(event.checkoutId)) throw simpleError(404, 'not_found');
    const [checkout] = await deps.db
      .select({ provider: checkouts.provider })
      .from(checkouts)
      .where(eq(checkouts.id, event.checkoutId));
    if (checkout?.provider !== provider.id) throw simpleError(404, 'not_found');
    const [fresh] = await deps.db
      .insert(webhookEvents)
      .values({ provider: provider.id, eventId: event.id, receivedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return c.json({ status: 'duplicate' });
    const settled = await settle(deps, event.checkoutId, event.type, event);
    return c.json({ status: settled ? 'processed' : 'ignored' });
  });

  return router;
}
