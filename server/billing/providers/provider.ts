import type { PaymentProvider as ProviderId } from '../../../contract/billing.ts';
import type { checkouts } from '../../db/schema.ts';

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
   * signal aborts when the caller stops waiting (see `bounded`).
   */
  startCheckout(
    checkout: Checkout,
    urls: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ redirectUrl: string }>;
  /** Charges the saved method (plan change, renewal). */
  charge(checkout: Checkout, ref: string | null, signal: AbortSignal): Promise<ChargeResult>;
  /** The event in a webhook, or null when it is not authentic. */
  verifyWebhook(body: string, headers: Headers, signal: AbortSignal): Promise<PaymentEvent | null>;
}

/** Whole units to the provider's decimal string, e.g. 790 → "790.00". */
export const decimal = (amount: number) => amount.toFixed(2);

/** What a provider call that outlived PROVIDER_TIMEOUT_SECONDS rejects with. */
export class ProviderTimeout extends Error {
  constructor() {
    super('The payment provider did not answer');
    this.name = 'ProviderTimeout';
  }
}

/** Why a provider call came to nothing, as the payer reads it in latest_error. */
export const PROVIDER_SILENT = 'The payment provider did not answer';
export const PROVIDER_DOWN = 'The payment provider is unavailable';
export const failureReason = (error: unknown) =>
  error instanceof ProviderTimeout ? PROVIDER_SILENT : PROVIDER_DOWN;

/**
 * Runs a provider call for at most `ms`: the signal aborts its requests, and the
 * race gives up even on an adapter that ignores the signal, so a provider that
 * accepts the connection and never answers cannot hold a request (or a checkout) open.
 */
export async function bounded<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderTimeout();
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
