import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { Card, type PaymentProvider as ProviderId } from '../../../contract/billing.ts';
import type { Config } from '../../config.ts';
import { derivedKey } from '../../secret.ts';
import { eventTypes, type PaymentEvent, type PaymentProvider } from './provider.ts';

export const SIGNATURE_HEADER = 'X-Sandbox-Signature';

const EventBody = v.object({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
  type: v.picklist(eventTypes),
  checkout_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
  error: v.optional(v.pipe(v.string(), v.maxLength(500))),
  ref: v.optional(v.pipe(v.string(), v.maxLength(100))),
  card: v.optional(v.object({ ...Card.entries, brand: v.pipe(v.string(), v.maxLength(20)) })),
});

/**
 * The saved card of a sandbox payment that later charges refuse (as a provider's
 * test card that attaches but cannot be charged), so renewal failures can be tried.
 */
export const CARD_FAILS_LATER = 'sandbox_card_fails_later';
export const SANDBOX_DECLINED = 'The card was declined (sandbox)';

/** Each provider the sandbox stands in for signs its webhooks with a key of its own. */
export function sandboxWebhookKey(secret: string, provider: ProviderId): string {
  return derivedKey(secret, `webhook:sandbox:${provider}`);
}

export function signSandboxBody(key: string, body: string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
}

/** The webhook the sandbox sends for an event: a JSON body and its signature. */
export function sandboxWebhook(key: string, event: PaymentEvent) {
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    checkout_id: event.checkoutId,
    ...(event.error ? { error: event.error } : {}),
    ...(event.ref ? { ref: event.ref } : {}),
    ...(event.card ? { card: event.card } : {}),
  });
  return { body, signature: signSandboxBody(key, body) };
}

/** The built-in stand-in for both providers: a hosted page at /sandbox/pay/:id. */
export function sandboxProvider(config: Config, id: ProviderId): PaymentProvider {
  const key = sandboxWebhookKey(config.sessionSecret, id);
  return {
    id,
    sandbox: true,
    startCheckout: (checkout) =>
      Promise.resolve({ redirectUrl: `${config.publicUrl}/sandbox/pay/${checkout.id}` }),
    charge: (_, ref) =>
      Promise.resolve(
        ref === CARD_FAILS_LATER
          ? { outcome: 'failed', error: SANDBOX_DECLINED }
          : { outcome: 'succeeded' },
      ),
    verifyWebhook: (body, headers) => {
      const given = Buffer.from(headers.get(SIGNATURE_HEADER) ?? '');
      const expected = Buffer.from(signSandboxBody(key, body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return Promise.resolve(null);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return Promise.resolve(null);
      }
      const event = v.safeParse(EventBody, parsed);
      if (!event.success) return Promise.resolve(null);
      const { id: eventId, type, checkout_id, error, ref, card } = event.output;
      return Promise.resolve({ id: eventId, type, checkoutId: checkout_id, error, ref, card });
    },
  };
}
