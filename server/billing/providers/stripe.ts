import type Stripe from 'stripe';
import * as v from 'valibot';
import { Card } from '../../../contract/billing.ts';
import type { Config } from '../../config.ts';
import type { ChargeResult, Checkout, PaymentEvent, PaymentProvider } from './provider.ts';

type Keys = NonNullable<Config['payments']['stripe']>;

/** Whole units to the currency's minor units (usd and eur have cents). */
const minorUnits = (amount: number) => Math.round(amount * 100);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/** The SDK, loaded at its first use: a portal without Stripe keys never loads it. */
let sdk: Promise<typeof Stripe> | undefined;
const stripeSdk = () => (sdk ??= import('stripe').then((module) => module.default));

/**
 * A client whose every request carries `signal`: aborting it (see `bounded`) cancels
 * the request in flight. No retries of its own: a failed call is reported at once,
 * and the caller's timeout bounds the whole attempt.
 */
async function client(secretKey: string, signal: AbortSignal): Promise<Stripe> {
  const Stripe = await stripeSdk();
  const fetchWithSignal = (input: string | URL | Request, init?: RequestInit) =>
    fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
    });
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchWithSignal),
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** Runs an API call; an aborted one rejects with the abort's reason (e.g. ProviderTimeout). */
async function calling<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw error;
  }
}

/** A PaymentIntent of a charge, as the payer's autopayment reads it. */
function chargeResult(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { outcome: 'succeeded' };
    case 'processing':
      // Its payment_intent.succeeded or payment_failed webhook settles it.
      return { outcome: 'pending' };
    case 'requires_action':
      return { outcome: 'failed', error: 'The card requires the payer to confirm the payment' };
    default:
      // requires_payment_method (declined), canceled, ...
      return {
        outcome: 'failed',
        error: intent.last_payment_error?.message ?? 'The card was declined',
      };
  }
}

/** A card payment method as the app keeps it; none for anything Stripe tells otherwise. */
function cardOf(method: Stripe.PaymentMethod): Card | undefined {
  const card = method.card;
  const parsed = card
    ? v.safeParse(Card, {
        brand: card.brand.toLowerCase().slice(0, 20),
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      })
    : null;
  return parsed?.success ? parsed.output : undefined;
}

/**
 * Stripe (cards outside RU) on the official `stripe` SDK. The first payment is a
 * Checkout Session in payment mode that saves the card for off-session renewals;
 * later charges are off-session PaymentIntents on the saved customer and card. A
 * card decline is a failed charge, anything else (network, 5xx, bad request) is
 * thrown: the provider is unavailable. Webhooks are verified by the SDK with
 * STRIPE_WEBHOOK_SECRET (Stripe-Signature, 300 s tolerance); without it none is taken.
 */
export function stripeProvider(keys: Keys): PaymentProvider {
  /** `customer:payment_method`, or just the customer: then its first saved card. */
  async function savedCard(stripe: Stripe, ref: string | null) {
    const [customer, given] = (ref ?? '').split(':');
    if (!customer) return null;
    if (given) return { customer, method: given };
    const cards = await stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 1 });
    const method = cards.data[0]?.id;
    return method ? { customer, method } : null;
  }

  async function charge(checkout: Checkout, ref: string | null, signal: AbortSignal) {
    const stripe = await client(keys.secretKey, signal);
    const card = await calling(signal, () => savedCard(stripe, ref));
    if (!card) return { outcome: 'failed', error: 'No saved card' } satisfies ChargeResult;
    try {
      const intent = await calling(signal, () =>
        stripe.paymentIntents.create(
          {
            amount: minorUnits(checkout.amount),
            currency: checkout.currency,
            customer: card.customer,
            payment_method: card.method,
            off_session: true,
            confirm: true,
            metadata: { checkout_id: checkout.id },
          },
          { idempotencyKey: checkout.id },
        ),
      );
      return chargeResult(intent);
    } catch (error) {
      // A decline (or a card that needs its owner) is the payer's answer, not an outage.
      if (error instanceof (await stripeSdk()).errors.StripeCardError) {
        return { outcome: 'failed', error: error.message } satisfies ChargeResult;
      }
      throw error;
    }
  }

  async function parse(body: string, headers: Headers): Promise<Stripe.Event | null> {
    const signature = headers.get('stripe-signature');
    if (!keys.webhookSecret || !signature) return null;
    const Stripe = await stripeSdk();
    try {
      return Stripe.webhooks.constructEvent(body, signature, keys.webhookSecret);
    } catch {
      // Badly signed, stale, or not JSON.
      return null;
    }
  }

  /**
   * What a paid session saved: its PaymentIntent read back with the payment method, for
   * the card and the method later charges take. The session itself names neither. When
   * Stripe cannot tell now, the payment still settles, on the customer alone (a charge
   * then takes the customer's first saved card) and with no card to show.
   */
  async function savedBy(session: Stripe.Checkout.Session, signal: AbortSignal) {
    const customer = idOf(session.customer);
    const intentId = idOf(session.payment_intent);
    if (!customer || !intentId) return { ref: customer };
    try {
      const stripe = await client(keys.secretKey, signal);
      const intent = await calling(signal, () =>
        stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] }),
      );
      const method = intent.payment_method;
      if (method && typeof method !== 'string') {
        return { ref: `${customer}:${method.id}`, card: cardOf(method) };
      }
    } catch (error) {
      // Settled without it: the webhook's own answer must not wait on a second call.
      return { ref: customer, cardUnread: error };
    }
    return { ref: customer };
  }

  /**
   * What a completed setup session saved: the new method and its card, read back from
   * its SetupIntent. A setup is nothing but that method, so when Stripe cannot tell it
   * now this throws: the webhook is refused, and Stripe delivers it again later.
   */
  async function setUpBy(session: Stripe.Checkout.Session, signal: AbortSignal) {
    const customer = idOf(session.customer);
    const intentId = idOf(session.setup_intent);
    if (!customer || !intentId) throw new Error('stripe: a setup session without its intent');
    const stripe = await client(keys.secretKey, signal);
    const intent = await calling(signal, () =>
      stripe.setupIntents.retrieve(intentId, { expand: ['payment_method'] }),
    );
    const method = intent.payment_method;
    if (!method || typeof method === 'string') throw new Error('stripe: a setup without a method');
    return { ref: `${customer}:${method.id}`, card: cardOf(method) };
  }

  return {
    id: 'stripe',
    sandbox: false,
    startCheckout: async (checkout, urls, signal) => {
      const stripe = await client(keys.secretKey, signal);
      const session = await calling(signal, () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            allowed_payment_method_types: ['card'],
            success_url: urls.success_url ?? '',
            cancel_url: urls.cancel_url ?? '',
            customer_creation: 'always',
            // The PaymentIntent carries no checkout_id: a declined attempt on the hosted
            // page may be retried there, so only the session's own events settle it.
            payment_intent_data: { setup_future_usage: 'off_session' },
            metadata: { checkout_id: checkout.id },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: checkout.currency,
                  unit_amount: minorUnits(checkout.amount),
                  product_data: { name: `${checkout.plan} (${checkout.interval})` },
                },
              },
            ],
          },
          { idempotencyKey: checkout.id },
        ),
      );
      if (!session.url) throw new Error('stripe: no session url');
      return { redirectUrl: session.url };
    },
    // A setup-mode session on the saved customer: the card is saved, nothing charged.
    startCardSetup: async (checkout, ref, returnUrl, signal) => {
      const [customer] = (ref ?? '').split(':');
      if (!customer) throw new Error('stripe: no saved customer to add a card to');
      const stripe = await client(keys.secretKey, signal);
      const session = await calling(signal, () =>
        stripe.checkout.sessions.create(
          {
            mode: 'setup',
            allowed_payment_method_types: ['card'],
            customer,
            success_url: returnUrl,
            cancel_url: returnUrl,
            metadata: { checkout_id: checkout.id },
          },
          { idempotencyKey: checkout.id },
        ),
      );
      if (!session.url) throw new Error('stripe: no session url');
      return { redirectUrl: session.url };
    },
    charge,
    claimedEventId: async (body, headers) => (await parse(body, headers))?.id ?? null,
    verifyWebhook: async (body, headers, signal) => {
      const event = await parse(body, headers);
      if (!event) return null;
      let found: Omit<PaymentEvent, 'id'> | null = null;
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const checkoutId = session.metadata?.checkout_id;
          if (checkoutId && session.mode === 'setup' && session.status === 'complete') {
            found = { type: 'payment.succeeded', checkoutId, ...(await setUpBy(session, signal)) };
          } else if (checkoutId && session.payment_status === 'paid') {
            found = { type: 'payment.succeeded', checkoutId, ...(await savedBy(session, signal)) };
          }
          break;
        }
        case 'checkout.session.expired': {
          const checkoutId = event.data.object.metadata?.checkout_id;
          if (checkoutId) found = { type: 'payment.canceled', checkoutId };
          break;
        }
        case 'payment_intent.succeeded': {
          const intent = event.data.object;
          const checkoutId = intent.metadata.checkout_id;
          const customer = idOf(intent.customer);
          const method = idOf(intent.payment_method);
          const ref = customer && method ? `${customer}:${method}` : customer;
          if (checkoutId) found = { type: 'payment.succeeded', checkoutId, ref };
          break;
        }
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          const checkoutId = intent.metadata.checkout_id;
          const error = intent.last_payment_error?.message;
          if (checkoutId) found = { type: 'payment.failed', checkoutId, error };
          break;
        }
        default:
          break;
      }
      return found && { id: event.id, ...found };
    },
  };
}
