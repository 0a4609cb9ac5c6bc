import { declareRefusals, type DeclaredRefusal, type RefusalOf } from '../errors.ts';

/*
 * Every refusal billing gives: checkouts, plan changes, the autopayment, the card on
 * file, invoices, payments and the providers' webhooks (decision 0028). A tag is its
 * section-8 code unless it names another; `at` is the form field it stands at, or the
 * fields its throw sites choose from. The words are in server/errors.ts (DETAILS),
 * the statuses in server/http/errors.ts. The throttle's refusal is identity's.
 */
const BILLING = {
  not_found: { kind: 'not_found' },
  /** A webhook whose signature or event does not check out. */
  permission_denied: { kind: 'forbidden' },
  /** A body that is not the form at all. */
  invalid_input: { kind: 'invalid' },
  invalid_field: { kind: 'invalid', code: 'invalid_input', at: ['return_url', 'currency'] },
  /** A checkout's provider or option that does not fit, with what is wrong as the words. */
  invalid_option: {
    kind: 'invalid',
    code: 'invalid_input',
    at: ['options', 'provider'],
    explained: true,
  },
  /** A promo code refused, its status (`err_expired_count`, `plan_change`, …) as the words. */
  coupon_refused: { kind: 'invalid', code: 'invalid_input', at: 'coupon', explained: true },
  country_not_found: { kind: 'invalid', at: 'user_data.country' },
  plan_unavailable: { kind: 'invalid' },
  invoice_below_minimum: { kind: 'invalid' },
  /** No running autopayment to change, cancel, restore or put a card on. */
  no_autopayment: { kind: 'invalid' },
  /** The autopayment asked for is none (GET /api/autopayment/). */
  autopayment_not_found: { kind: 'not_found', code: 'no_autopayment' },
  checkout_in_progress: { kind: 'conflict' },
  payment_failed: { kind: 'provider_failed' },
} as const satisfies Record<string, DeclaredRefusal>;

/** Billing's refusals as a tagged union, e.g. `{ tag: 'coupon_refused'; detail: string }`. */
export type BillingRefusal = RefusalOf<typeof BILLING>;

/**
 * The one way billing refuses: `throw billingRefused('plan_unavailable')`,
 * `billingRefused('invalid_field', { at: 'currency' })`,
 * `billingRefused('coupon_refused', { detail: status })`.
 */
export const billingRefused = declareRefusals(BILLING);
