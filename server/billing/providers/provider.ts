import type { Card, PaymentProvider as ProviderId } from '../../../contract/billing.ts';
import type { checkouts } from '../../db/schema.ts';
import { ProviderTimeout } from '../../providers/deadline.ts';

export type Checkout = typeof checkouts.$inferSelect;

export const eventTypes = ['payment.succeeded', 'payment.failed', 'payment.canceled'] as const;
export type PaymentEventType = (typeof eventTypes)[number];

/** A provider's notification, reduced to what settles a checkout. */
export type PaymentEvent = {
  /** Unique per event at the provider: a redelivery carries the same id. */
  id: string;
  type: PaymentEventType;
  checkoutId: string;
  error?: string | undefined;
  /** The saved payment method or customer, for later charges. */
  ref?: string | undefined;
  /** The card the payment saved, as the provider tells it (brand, last four, expiry). */
  card?: Card | undefined;
  /** Why the card could not be read back, when the payment settles without it (logged). */
  cardUnread?: unknown;
};

export type ChargeResult = { outcome: 'succeeded' | 'failed' | 'pending'; error?: string };

/**
 * A card payment provider. The sandbox and the real adapters (YooKassa, Stripe)
 * implement the same calls; the settlement always arrives as a webhook, except
 * for charges of a saved method that a provider confirms at once.
 */
export interface PaymentProvider {
  id: ProviderId;
  sandbox: boolean;
  /**
   * A hosted checkout; the payer is sent to redirectUrl. Urls are absolute. The
   * signal aborts when the caller stops waiting (see `bounded` in
   * server/providers/deadline.ts).
   */
  startCheckout(
    checkout: Checkout,
    urls: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ redirectUrl: string }>;
  /**
   * A card setup (a checkout of kind `card`, which charges nothing) at the provider's
   * hosted page, on the saved customer `ref`; the payer comes back to `returnUrl`. A
   * provider without it has no card change but the sandbox's own page (startCheckout).
   */
  startCardSetup?(
    checkout: Checkout,
    ref: string | null,
    returnUrl: string,
    signal: AbortSignal,
  ): Promise<{ redirectUrl: string }>;
  /** Charges the saved method (plan change, renewal). */
  charge(checkout: Checkout, ref: string | null, signal: AbortSignal): Promise<ChargeResult>;
  /**
   * The event id a webhook names, before any call to the provider, so that a redelivery
   * costs none: null when it names none. Not proof of authenticity: a delivery whose
   * id is recorded already changes nothing either way. Without it, every delivery is
   * verified in full.
   */
  claimedEventId?(body: string, headers: Headers): Promise<string | null>;
  /** The event in a webhook, or null when it is not authentic. */
  verifyWebhook(body: string, headers: Headers, signal: AbortSignal): Promise<PaymentEvent | null>;
}

/** Whole units to the provider's decimal string, e.g. 790 → "790.00". */
export const decimal = (amount: number) => amount.toFixed(2);

/** Why a provider call came to nothing, as the payer reads it in latest_error. */
export const PROVIDER_SILENT = 'The payment provider did not answer';
export const PROVIDER_DOWN = 'The payment provider is unavailable';
export const failureReason = (error: unknown) =>
  error instanceof ProviderTimeout ? PROVIDER_SILENT : PROVIDER_DOWN;
