import * as v from 'valibot';
import { CountryCode } from './countries.ts';
import { PlanId } from './profile.ts';

/*
 * Plans, prices, subscription, autopayment (card checkout) and invoices (section 3,
 * 4, 7, 9). Amounts are whole units of their currency. Paths are those of
 * decisions.md under /api/.
 */

export const currencies = ['rub', 'usd', 'eur'] as const;
export const Currency = v.picklist(currencies);
export type Currency = v.InferOutput<typeof Currency>;
export const intervals = ['monthly', 'yearly'] as const;
export const Interval = v.picklist(intervals);
export type Interval = v.InferOutput<typeof Interval>;

export const Price = v.object({ amount: v.number(), currency: Currency });
export type Price = v.InferOutput<typeof Price>;

/** GET /api/v1/subscription/prices/ — in the user's currency (RU → rub, euro countries → eur, else usd). */
export const AvailablePlan = v.object({
  id: PlanId,
  name: v.string(),
  monthlyPrice: Price,
  yearlyPrice: Price,
  monthlyPriceDiscounted: v.nullable(Price),
  yearlyPriceDiscounted: v.nullable(Price),
  /** Percent a year saves against twelve months (premium only). */
  discount_annual: v.nullable(v.number()),
});
export type AvailablePlan = v.InferOutput<typeof AvailablePlan>;
export const PlanList = v.object({ currency: Currency, plans: v.array(AvailablePlan) });
export type PlanList = v.InferOutput<typeof PlanList>;

/** Amounts by period, then currency (the alternate shape of section 3). */
const ByCurrency = v.object({ rub: v.number(), usd: v.number(), eur: v.number() });
const ByPeriod = v.object({ monthly: ByCurrency, yearly: ByCurrency });

export const couponStatuses = [
  'ok',
  'err_not_found',
  'err_expired_date',
  'err_expired_count',
  'err_max_price',
  'no_coupon',
] as const;
export const CouponStatus = v.picklist(couponStatuses);
export type CouponStatus = v.InferOutput<typeof CouponStatus>;

/** GET /api/v1/subscription/price/?plan=&coupon= — a promo code's effect on a plan. */
export const CouponPrice = v.object({
  price_original: ByPeriod,
  price_discounted: v.nullable(ByPeriod),
  /** Percent off by period, then currency. */
  discount_temporal: v.nullable(v.object({ discountValue: ByPeriod })),
  coupon_status: CouponStatus,
});
export type CouponPrice = v.InferOutput<typeof CouponPrice>;

/** GET /api/subscription/ */
export const Subscription = v.object({
  plan: PlanId,
  interval: Interval,
  price: v.number(),
  currency: Currency,
  autopayment: v.boolean(),
  /**
   * The autopayment's status (active, canceled, failed, ...), null without one: the
   * page asks GET /api/autopayment/ only when it has something to tell (a failed
   * payment's error, a cancelled one to restore).
   */
  autopayment_status: v.nullable(v.string()),
  expire_at: v.nullable(v.string()),
  canceled_at: v.nullable(v.string()),
  team_plan: v.nullable(PlanId),
});
export type Subscription = v.InferOutput<typeof Subscription>;
export const SubscriptionAnswer = v.object({ subscription: Subscription });

/** GET /api/subscription/convertion/?plan=&interval= — days the current plan's rest is worth on the new one. */
export const Convertion = v.object({ additional_days: v.number() });
/** GET /api/subscription/in_advance/?plan=&interval= — when the next period would end. */
export const InAdvance = v.object({ expire_at: v.string() });

export const providers = ['yookassa', 'stripe'] as const;
export const PaymentProvider = v.picklist(providers);
export type PaymentProvider = v.InferOutput<typeof PaymentProvider>;

/** Section 7: country RU pays by card with YooKassa, every other country with Stripe. */
export const cardProviderFor = (country: string): PaymentProvider =>
  country === 'RU' ? 'yookassa' : 'stripe';

/**
 * What the server keeps of a payment, named in the data export: an autopayment is
 * pending until its first checkout settles; a checkout (a create, a plan change or a
 * renewal, or a `card` setup that replaces the saved card and charges nothing) is open
 * while pending or submitted. The database refuses any other value.
 */
export const autopaymentStatuses = ['pending', 'active', 'failed', 'canceled'] as const;
export type AutopaymentStatus = (typeof autopaymentStatuses)[number];
export const checkoutKinds = ['create', 'change', 'renewal', 'card'] as const;
export type CheckoutKind = (typeof checkoutKinds)[number];
export const checkoutStatuses = [
  'pending',
  'submitted',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

const UserData = v.object({
  first_name: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  second_name: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.email('email')),
  country: v.pipe(v.string(), v.nonEmpty('required'), CountryCode),
});

/**
 * POST /api/autopayment/ starts a checkout and answers { redirect_url }. RU pays with
 * yookassa (options: payment_method_type bank_card, return_url to /subscription with
 * scenario creation and status unknown), others with stripe (success_url and
 * cancel_url with status success or failed). PATCH (no provider) changes the plan.
 */
export const AutopaymentRequest = v.object({
  provider: PaymentProvider,
  plan: v.picklist(['mini', 'premium']),
  interval: Interval,
  coupon: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'maxLength')), ''),
  user_data: UserData,
  options: v.record(v.string(), v.string()),
});
export type AutopaymentRequest = v.InferInput<typeof AutopaymentRequest>;
export const AutopaymentChange = v.omit(AutopaymentRequest, ['provider']);
export type AutopaymentChange = v.InferInput<typeof AutopaymentChange>;
export const CheckoutStarted = v.object({ redirect_url: v.string() });

export const Autopayment = v.object({
  /** active, canceled, failed, or anything else while the provider settles it. */
  status: v.string(),
  latest_error: v.nullable(v.string()),
  provider: PaymentProvider,
  plan: PlanId,
  interval: Interval,
  coupon: v.string(),
  /** Section 3: the payer as the checkout gave it, and the provider's options. */
  user_data: v.optional(
    v.object({
      first_name: v.string(),
      second_name: v.string(),
      email: v.string(),
      country: v.string(),
    }),
  ),
  options: v.optional(v.record(v.string(), v.string())),
});
export type Autopayment = v.InferOutput<typeof Autopayment>;
/** GET /api/autopayment/ (404 = none); PATCH /api/autopayment/status/ { value: 'active' } restores. */
export const AutopaymentAnswer = v.object({ autopayment: Autopayment });
export const AutopaymentStatusChange = v.object({ value: v.literal('active') });

/** Section 5: entity checkout (Russian locale only; annual payment always on). */
export const EntityForm = v.object({
  company_name: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(200, 'maxLength')),
  contact_person: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(200, 'maxLength'),
  ),
  contact_email: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.email('email')),
  contact_phone: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.check((p) => /^\+[1-9]\d{6,14}$/.test(p.replace(/[\s()-]/g, '')), 'phoneNumber'),
  ),
  registration_number: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'maxLength')), ''),
  tax_number: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'maxLength')), ''),
  company_address: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'maxLength')), ''),
  bank_details: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'maxLength')), ''),
});
export type EntityForm = v.InferInput<typeof EntityForm>;

/**
 * POST /api/subscription/update (multipart): the invoice request (selected-plan,
 * annual-payment on, period 12, customer-type entity, payment_gateway invoice,
 * payment_type invoice, form_entity fields as `form_entity[company_name]` …), or,
 * with selected-plan free, the go-to-free form. Answers { next }.
 */
export const SubscriptionUpdated = v.object({ next: v.string() });

/**
 * The outcomes a payment in the history can have, as the data holds them: a card
 * payment paid or failed (a checkout the payer abandoned or let expire is not a
 * payment), and a legal entity's invoice request, which stays requested: the portal
 * records no bank transfer.
 */
export const paymentStatuses = ['paid', 'failed', 'invoice_requested'] as const;
export const PaymentStatus = v.picklist(paymentStatuses);
export type PaymentStatus = v.InferOutput<typeof PaymentStatus>;

/**
 * One row of GET /api/v1/payments/: a card payment (id `co_…`, the checkout's) or an
 * invoice request (id `inv_…`). The period is the one the payment bought (none for a
 * failed payment or an invoice); discount is how much less than the plan's price was
 * paid, with the promo code that gave it. The receipt is the PDF of a paid payment.
 */
export const Payment = v.object({
  id: v.string(),
  created_at: v.string(),
  plan: PlanId,
  interval: Interval,
  period_start: v.nullable(v.string()),
  period_end: v.nullable(v.string()),
  amount: v.number(),
  currency: Currency,
  discount: v.number(),
  coupon: v.string(),
  provider: v.picklist([...providers, 'invoice']),
  status: PaymentStatus,
  receipt_url: v.nullable(v.string()),
});
export type Payment = v.InferOutput<typeof Payment>;
/** GET /api/v1/payments/?page=N (from 1): a page of the user's payments, newest first. */
export const PaymentPage = v.object({
  payments: v.array(Payment),
  next_page: v.nullable(v.number()),
});
export type PaymentPage = v.InferOutput<typeof PaymentPage>;

/**
 * The saved card as the payment provider reports it: brand (the provider's lower-case
 * name: visa, mastercard, mir, amex, …), the last four digits and the expiry.
 */
export const Card = v.object({
  brand: v.string(),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  exp_month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  exp_year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100)),
});
export type Card = v.InferOutput<typeof Card>;
/** GET /api/v1/card/: the card autopayments charge; null when the provider told none. */
/**
 * GET /api/v1/card/: the saved card (null when the provider told none), and whether the
 * autopayment's provider takes a card change here (a provider without a card-only setup
 * does not: the page offers none).
 */
export const CardAnswer = v.object({ card: v.nullable(Card), changeable: v.boolean() });
export type CardAnswer = v.InferOutput<typeof CardAnswer>;
/** POST /api/v1/card/ { return_url }: a card setup at the provider; the payer goes to redirect_url. */
export const CardSetupRequest = v.object({ return_url: v.pipe(v.string(), v.maxLength(2000)) });
export type CardSetupRequest = v.InferInput<typeof CardSetupRequest>;
export const CardSetupStarted = v.object({ id: v.string(), redirect_url: v.string() });
/**
 * GET /api/v1/card/setups/{id}/: a card setup's outcome: open while the provider has not
 * settled it, saved (card is the new one), or not saved (declined, cancelled, expired).
 */
export const cardSetupStatuses = ['open', 'saved', 'not_saved'] as const;
export const CardSetupStatus = v.object({
  status: v.picklist(cardSetupStatuses),
  card: v.nullable(Card),
});
export type CardSetupStatus = v.InferOutput<typeof CardSetupStatus>;

/**
 * GET /api/v1/subscription/change-cost/?plan=&interval=&currency=&coupon=: what a change
 * to `plan` and `interval` costs now, as the charge will take it: charged now (less the
 * promo code's percent a new checkout would take), the credit
 * for the unused part of the current period (its worth, and the days of the new plan it
 * buys: the conversion's additional_days), and the next payment's date and amount.
 */
export const PlanChangeCostAnswer = v.object({
  plan: v.picklist(['mini', 'premium']),
  interval: Interval,
  currency: Currency,
  price: v.number(),
  charged_now: v.number(),
  credit: v.object({ amount: v.number(), currency: Currency, days: v.number() }),
  next_payment_at: v.string(),
  next_payment_amount: v.number(),
});
export type PlanChangeCostAnswer = v.InferOutput<typeof PlanChangeCostAnswer>;
