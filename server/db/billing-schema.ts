import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  autopaymentStatuses,
  checkoutKinds,
  checkoutStatuses,
  currencies,
  intervals,
  providers,
} from '../../contract/billing.ts';
import { planIds } from '../../contract/profile.ts';
import { oneOf, timestamptz } from './columns.ts';
import { userRef } from './identity-schema.ts';

// The columns below that hold one of a list are typed with it (`enum` is TypeScript's
// only: the column stays text) and CHECKed against it (docs/decisions/0027).
const planId = (name: string) => text(name, { enum: planIds });
const interval = () => text('interval', { enum: intervals });
const currency = () => text('currency', { enum: currencies });
const provider = () => text('provider', { enum: providers });

export type ByCurrency = { rub: number; usd: number; eur: number };

/** The plans on offer (seeded); subscriptions and checkouts name them. */
export const plans = pgTable(
  'plans',
  {
    id: planId('id').primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [check('plans_id_known', oneOf(t.id, planIds))],
);

/** Amounts are whole units of the currency (roubles, dollars, euros). */
export const planPrices = pgTable(
  'plan_prices',
  {
    planId: planId('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    interval: interval().notNull(),
    currency: currency().notNull(),
    amount: integer('amount').notNull(),
    discountedAmount: integer('discounted_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.interval, t.currency] }),
    check('plan_prices_interval_known', oneOf(t.interval, intervals)),
    check('plan_prices_currency_known', oneOf(t.currency, currencies)),
    check('plan_prices_amount_positive', sql`${t.amount} >= 0`),
  ],
);

/** Promo codes are data: an admin adds or edits rows, no code change. Codes upper-case. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    validUntil: timestamptz('valid_until'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    /** The most a plan's monthly price may be, per currency; null: any plan. */
    maxPrice: jsonb('max_price').$type<ByCurrency>(),
  },
  (t) => [
    check('promo_codes_percent_range', sql`${t.percent} between 1 and 100`),
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);

/** One per user; a user without a row is on free. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: userRef().primaryKey(),
    plan: planId('plan').notNull(),
    interval: interval().notNull(),
    price: integer('price').notNull(),
    currency: currency().notNull(),
    expireAt: timestamptz('expire_at'),
    canceledAt: timestamptz('canceled_at'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('subscriptions_plan_known', oneOf(t.plan, planIds)),
    check('subscriptions_interval_known', oneOf(t.interval, intervals)),
    check('subscriptions_currency_known', oneOf(t.currency, currencies)),
  ],
);

/** The card autopayment of a user (at most one). */
export const autopayments = pgTable(
  'autopayments',
  {
    userId: userRef().primaryKey(),
    provider: provider().notNull(),
    status: text('status', { enum: autopaymentStatuses }).notNull(),
    latestError: text('latest_error'),
    plan: planId('plan').notNull(),
    interval: interval().notNull(),
    coupon: text('coupon').notNull().default(''),
    userData: jsonb('user_data').$type<Record<string, string>>().notNull(),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    /** The provider's saved payment method or subscription, for renewals. */
    providerRef: text('provider_ref'),
    /** The saved card as the provider reported it at the last settlement that told it. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** Where the provider sends the payer back from the latest card setup (one open at a time). */
    cardReturnUrl: text('card_return_url'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check(
      'autopayments_card_whole',
      sql`(${t.cardBrand} is null) = (${t.cardLast4} is null) and (${t.cardLast4} is null) = (${t.cardExpMonth} is null) and (${t.cardExpMonth} is null) = (${t.cardExpYear} is null)`,
    ),
    check('autopayments_provider_known', oneOf(t.provider, providers)),
    check('autopayments_status_known', oneOf(t.status, autopaymentStatuses)),
    check('autopayments_plan_known', oneOf(t.plan, planIds)),
    check('autopayments_interval_known', oneOf(t.interval, intervals)),
  ],
);

/**
 * One payment attempt: a checkout (create), a plan change or a renewal. At most one
 * open (pending or submitted) per user, which makes a repeated start find the same.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: userRef().notNull(),
    kind: text('kind', { enum: checkoutKinds }).notNull(),
    provider: provider().notNull(),
    status: text('status', { enum: checkoutStatuses }).notNull(),
    plan: planId('plan').notNull(),
    interval: interval().notNull(),
    coupon: text('coupon').notNull().default(''),
    amount: integer('amount').notNull(),
    currency: currency().notNull(),
    additionalDays: integer('additional_days').notNull().default(0),
    redirectUrl: text('redirect_url'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('checkouts_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'submitted')`),
    check('checkouts_kind_known', oneOf(t.kind, checkoutKinds)),
    check('checkouts_provider_known', oneOf(t.provider, providers)),
    check('checkouts_status_known', oneOf(t.status, checkoutStatuses)),
    check('checkouts_plan_known', oneOf(t.plan, planIds)),
    check('checkouts_interval_known', oneOf(t.interval, intervals)),
    check('checkouts_currency_known', oneOf(t.currency, currencies)),
  ],
);

/** Webhook events seen, so a redelivered event does nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: provider().notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    check('webhook_events_provider_known', oneOf(t.provider, providers)),
  ],
);

export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef().notNull(),
    plan: planId('plan').notNull(),
    annualPayment: boolean('annual_payment').notNull(),
    amount: integer('amount').notNull(),
    currency: currency().notNull(),
    companyName: text('company_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    registrationNumber: text('registration_number').notNull(),
    taxNumber: text('tax_number').notNull(),
    companyAddress: text('company_address').notNull(),
    bankDetails: text('bank_details').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('invoice_requests_plan_known', oneOf(t.plan, planIds)),
    check('invoice_requests_currency_known', oneOf(t.currency, currencies)),
  ],
);

/** What a settled card checkout leaves in the payment history. */
export const paymentOutcomes = ['paid', 'failed'] as const;

/**
 * Each settled card checkout, paid or failed, as the payment history and its receipts
 * tell it: written in the settlement's transaction (docs/decisions/0306). The checkout's
 * id is the payment's; the discount is the plan's price at settlement less the amount.
 */
export const payments = pgTable(
  'payments',
  {
    checkoutId: text('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: userRef().notNull(),
    status: text('status', { enum: paymentOutcomes }).notNull(),
    provider: provider().notNull(),
    plan: planId('plan').notNull(),
    interval: interval().notNull(),
    amount: integer('amount').notNull(),
    currency: currency().notNull(),
    discount: integer('discount').notNull().default(0),
    coupon: text('coupon').notNull().default(''),
    /** The period a paid payment bought; null for a failed one. */
    periodStart: timestamptz('period_start'),
    periodEnd: timestamptz('period_end'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('payments_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('payments_status_known', oneOf(t.status, paymentOutcomes)),
    check('payments_provider_known', oneOf(t.provider, providers)),
    check('payments_plan_known', oneOf(t.plan, planIds)),
    check('payments_interval_known', oneOf(t.interval, intervals)),
    check('payments_currency_known', oneOf(t.currency, currencies)),
    check('payments_discount_not_negative', sql`${t.discount} >= 0`),
  ],
);
