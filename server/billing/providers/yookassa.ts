import * as v from 'valibot';
import { Card } from '../../../contract/billing.ts';
import type { Config } from '../../config.ts';
import { decimal, type PaymentEvent, type PaymentProvider } from './provider.ts';

const API = 'https://api.yookassa.ru/v3';

/** What is read of a YooKassa payment; an answer of another shape is refused, not trusted. */
const Payment = v.object({
  id: v.string(),
  status: v.picklist(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  confirmation: v.optional(v.object({ confirmation_url: v.optional(v.string()) })),
  payment_method: v.optional(
    v.object({
      id: v.optional(v.string()),
      saved: v.optional(v.boolean()),
      card: v.optional(
        v.object({
          last4: v.string(),
          expiry_month: v.string(),
          expiry_year: v.string(),
          card_type: v.optional(v.string()),
        }),
      ),
    }),
  ),
  cancellation_details: v.optional(v.object({ reason: v.optional(v.string()) })),
  metadata: v.optional(v.object({ checkout_id: v.optional(v.string()) })),
});
type Payment = v.InferOutput<typeof Payment>;

/** The saved card a payment reports (card_type MasterCard, Visa, Mir, … as lower-case brand). */
function savedCard(paid: Payment): Card | undefined {
  const card = paid.payment_method?.saved ? paid.payment_method.card : undefined;
  const parsed = card
    ? v.safeParse(Card, {
        brand: (card.card_type ?? 'unknown').toLowerCase().slice(0, 20),
        last4: card.last4,
        exp_month: Number(card.expiry_month),
        exp_year: Number(card.expiry_year),
      })
    : null;
  return parsed?.success ? parsed.output : undefined;
}

/**
 * YooKassa (RU cards), written to its API documentation, not tested against it.
 * The first payment saves the card; later charges use payment_method_id. Webhooks
 * carry no signature, so the payment is read back from the API before it counts.
 */
export function yookassaProvider(
  keys: NonNullable<Config['payments']['yookassa']>,
): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${keys.shopId}:${keys.secretKey}`).toString('base64')}`;

  async function call(
    path: string,
    init: { method: string; body?: unknown; key?: string; signal: AbortSignal },
  ) {
    const response = await fetch(`${API}${path}`, {
      method: init.method,
      signal: init.signal,
      headers: {
        Authorization: auth,
        'Content-Type': 'application/json',
        ...(init.key ? { 'Idempotence-Key': init.key } : {}),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`yookassa: ${response.status} ${await response.text()}`);
    return v.parse(Payment, await response.json());
  }

  const payment = (checkout: { id: string; amount: number; plan: string; interval: string }) => ({
    amount: { value: decimal(checkout.amount), currency: 'RUB' },
    capture: true,
    description: `${checkout.plan} (${checkout.interval})`,
    metadata: { checkout_id: checkout.id },
  });

  return {
    id: 'yookassa',
    sandbox: false,
    startCheckout: async (checkout, urls, signal) => {
      const created = await call('/payments', {
        method: 'POST',
        key: checkout.id,
        signal,
        body: {
          ...payment(checkout),
          save_payment_method: true,
          payment_method_data: { type: urls.payment_method_type ?? 'bank_card' },
          confirmation: { type: 'redirect', return_url: urls.return_url },
        },
      });
      const redirectUrl = created.confirmation?.confirmation_url;
      if (!redirectUrl) throw new Error('yookassa: no confirmation_url');
      return { redirectUrl };
    },
    charge: async (checkout, ref, signal) => {
      if (!ref) return { outcome: 'failed', error: 'No saved card' };
      const paid = await call('/payments', {
        method: 'POST',
        key: checkout.id,
        signal,
        body: { ...payment(checkout), payment_method_id: ref },
      });
      if (paid.status === 'succeeded') return { outcome: 'succeeded' };
      if (paid.status === 'canceled') {
        return { outcome: 'failed', error: paid.cancellation_details?.reason ?? 'canceled' };
      }
      return { outcome: 'pending' };
    },
    // The event is the payment's id and status; the read-back below is its proof.
    claimedEventId: (body) => {
      let object: { id?: unknown; status?: unknown } | undefined;
      try {
        object = (JSON.parse(body) as { object?: typeof object }).object;
      } catch {
        return Promise.resolve(null);
      }
      const { id, status } = object ?? {};
      return Promise.resolve(
        typeof id === 'string' && typeof status === 'string' ? `${id}:${status}` : null,
      );
    },
    verifyWebhook: async (body, _headers, signal) => {
      let id: unknown;
      try {
        id = (JSON.parse(body) as { object?: { id?: unknown } }).object?.id;
      } catch {
        return null;
      }
      if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) return null;
      const paid = await call(`/payments/${id}`, { method: 'GET', signal });
      const checkoutId = paid.metadata?.checkout_id;
      if (!checkoutId || (paid.status !== 'succeeded' && paid.status !== 'canceled')) return null;
      const reason = paid.cancellation_details?.reason;
      const event: PaymentEvent = {
        id: `${paid.id}:${paid.status}`,
        checkoutId,
        type: paid.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        error: reason,
        ref: paid.payment_method?.saved ? paid.payment_method.id : undefined,
        card: savedCard(paid),
      };
      if (reason === 'expired_on_confirmation') event.type = 'payment.canceled';
      return event;
    },
  };
}
