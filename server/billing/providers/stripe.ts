import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';

const API = 'https://api.stripe.com/v1';
const TOLERANCE_S = 300;

type StripeObject = {
  id: string;
  metadata?: { checkout_id?: string };
  customer?: string;
  payment_intent?: string;
  payment_method?: string;
  status?: string;
  last_payment_error?: { message?: string };
};

/**
 * Stripe (cards outside RU), written to its API documentation, not tested against
 * it. Checkout Session in payment mode saving the card for off-session renewals;
 * webhooks verified with the Stripe-Signature scheme (STRIPE_WEBHOOK_SECRET).
 */
export function stripeProvider(keys: NonNullable<Config['payments']['stripe']>): PaymentProvider {
  async function call(
    path: string,
    form: Record<string, string>,
    key: string,
    signal: AbortSignal,
  ) {
    const response = await fetch(`${API}${path}`, {
      method: 'POST',
      signal,
      headers: {
        Authorization: `Bearer ${keys.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': key,
      },
      body: new URLSearchParams(form).toString(),
    });
    if (!response.ok) throw new Error(`stripe: ${response.status} ${await response.text()}`);
    return (await response.json()) as StripeObject & { url?: string };
  }

  function signed(body: string, header: string | null): boolean {
    if (!keys.webhookSecret || !header) return false;
    const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.get('t'));
    const given = Buffer.from(parts.get('v1') ?? '');
    if (!Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > TOLERANCE_S) return false;
    const expected = Buffer.from(
      createHmac('sha256', keys.webhookSecret).update(`${t}.${body}`).digest('hex'),
    );
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  return {
    id: 'stripe',
    sandbox: false,
    startCheckout: async (checkout, urls, signal) => {
      const session = await call(
        '/checkout/sessions',
        {
          mode: 'payment',
          success_url: urls.success_url ?? '',
          cancel_url: urls.cancel_url ?? '',
          customer_creation: 'always',
          'payment_intent_data[setup_future_usage]': 'off_session',
          'payment_intent_data[metadata][checkout_id]': checkout.id,
          'metadata[checkout_id]': checkout.id,
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': checkout.currency,
          'line_items[0][price_data][unit_amount]': String(checkout.amount * 100),
          'line_items[0][price_data][product_data][name]': `${checkout.plan} (${checkout.interval})`,
        },
        checkout.id,
        signal,
      );
      if (!session.url) throw new Error('stripe: no session url');
      return { redirectUrl: session.url };
    },
    charge: async (checkout, ref, signal) => {
      const [customer, method] = (ref ?? '').split(':');
      if (!customer || !method) return { outcome: 'failed', error: 'No saved card' };
      const intent = await call(
        '/payment_intents',
        {
          amount: String(checkout.amount * 100),
          currency: checkout.currency,
          customer,
          payment_method: method,
          off_session: 'true',
          confirm: 'true',
          'metadata[checkout_id]': checkout.id,
        },
        checkout.id,
        signal,
      );
      if (intent.status === 'succeeded') return { outcome: 'succeeded' };
      return { outcome: 'pending' };
    },
    verifyWebhook: (body, headers) => {
      if (!signed(body, headers.get('stripe-signature'))) return Promise.resolve(null);
      const event = JSON.parse(body) as {
        id: string;
        type: string;
        data: { object: StripeObject };
      };
      const object = event.data.object;
      const checkoutId = object.metadata?.checkout_id;
      if (!checkoutId) return Promise.resolve(null);
      const types: Record<string, PaymentEvent['type']> = {
        'checkout.session.completed': 'payment.succeeded',
        'checkout.session.expired': 'payment.canceled',
        'payment_intent.succeeded': 'payment.succeeded',
        'payment_intent.payment_failed': 'payment.failed',
      };
      const type = types[event.type];
      if (!type) return Promise.resolve(null);
      const ref =
        object.customer && object.payment_method
          ? `${object.customer}:${object.payment_method}`
          : undefined;
      return Promise.resolve({
        id: event.id,
        type,
        checkoutId,
        error: object.last_payment_error?.message,
        ref,
      });
    },
  };
}
