import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  cardProviderFor,
  type AutopaymentChange,
  type AutopaymentRequest,
} from '../../contract/billing.ts';
import { crashPoint } from '../crash-point.ts';
import { addressOfThisSite } from '../identity/accounts.ts';
import { autopayments, checkouts, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { bounded } from '../providers/deadline.ts';
import { chargeCheckout, queueCharge } from './charge.ts';
import { newCheckoutId } from './ids.ts';
import { checkCoupon, currencyFor, priceRows, reservePromo } from './prices.ts';
import { failureReason, type Checkout, type PaymentProvider } from './providers/provider.ts';
import { paymentProvider } from './providers/registry.ts';
import { settle } from './settle.ts';
import { costOfChange } from './plan-change-cost.ts';
import {
  autopaymentOf,
  currentSubscription,
  openCheckoutOf,
  type CurrentSubscription,
} from './subscription.ts';
import { billingRefused } from './refusals.ts';
import { isListedCountry } from '../geo/countries.ts';

export { PROVIDER_SILENT } from './providers/provider.ts';

type Request = v.InferOutput<typeof AutopaymentRequest>;
type Change = v.InferOutput<typeof AutopaymentChange>;

const URL_KEYS = {
  yookassa: { required: ['return_url'], optional: ['payment_method_type'] },
  stripe: { required: ['success_url', 'cancel_url'], optional: [] as string[] },
} as const;

const optionsError = (detail: string) =>
  billingRefused('invalid_option', { at: 'options', detail });

/** Return addresses: local paths or addresses under PUBLIC_URL, made absolute. */
export function checkedOptions(deps: AppDeps, request: Request): Record<string, string> {
  const keys = URL_KEYS[request.provider];
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.options)) {
    if (key === 'payment_method_type' && request.provider === 'yookassa') {
      if (value !== 'bank_card') throw optionsError('payment_method_type must be bank_card');
      out[key] = value;
    } else if ((keys.required as readonly string[]).includes(key)) {
      const address = addressOfThisSite(value, deps.config.publicUrl);
      if (address === null) throw optionsError(`${key} must be an address of this site`);
      out[key] = address;
    } else {
      throw optionsError(`${key} is not an option of ${request.provider}`);
    }
  }
  const missing = keys.required.find((key) => out[key] === undefined);
  if (missing) throw optionsError(`${missing} is required`);
  return out;
}

/**
 * The open checkout's hosted page, for a repeated or parallel start. A start whose
 * provider call has outlived PROVIDER_TIMEOUT_SECONDS without saving the page is gone
 * (its process died between writing the row and saving the address): this start asks
 * the provider again, with the checkout's id as idempotency key, for the same page.
 */
async function resumeCheckout(deps: AppDeps, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const open = await openCheckoutOf(deps.db, userId);
    if (open?.redirectUrl) return open.redirectUrl;
    if (!open || open.kind !== 'create') break;
    const age = deps.clock.now().getTime() - open.createdAt.getTime();
    if (open.status === 'pending' && age > deps.config.providerTimeoutMs + 1000) {
      const provider = paymentProvider(deps.config, open.provider);
      if (!provider) throw billingRefused('plan_unavailable');
      const options = (await autopaymentOf(deps.db, userId))?.options ?? {};
      return redirectTo(deps, provider, open, options);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw billingRefused('checkout_in_progress');
}

/** A promo code refused at its field, its status as the detail. */
export const couponError = (status: string) => billingRefused('coupon_refused', { detail: status });

type NewCheckout = typeof checkouts.$inferInsert;
type PendingAutopayment = Omit<typeof autopayments.$inferInsert, 'userId'>;

/**
 * The checkout row, its promo redemption and the pending autopayment: all or none.
 * Null when a parallel start of the same user holds the one open checkout already.
 */
async function openCheckout(
  deps: AppDeps,
  values: NewCheckout,
  autopayment: PendingAutopayment,
): Promise<Checkout | null> {
  return deps.db.transaction(async (tx) => {
    const [checkout] = await tx.insert(checkouts).values(values).onConflictDoNothing().returning();
    if (!checkout) return null;
    // Throwing rolls the checkout back: a code used up meanwhile leaves nothing behind.
    if (checkout.coupon !== '' && !(await reservePromo(tx, checkout.coupon, values.createdAt))) {
      throw couponError('err_expired_count');
    }
    await tx
      .insert(autopayments)
      .values({ userId: checkout.userId, ...autopayment })
      .onConflictDoUpdate({ target: autopayments.userId, set: autopayment });
    return checkout;
  });
}

/**
 * The provider's hosted page, asked for after the checkout's row committed and saved
 * with it; a failing or silent provider fails the checkout (502).
 */
export async function redirectTo(
  deps: AppDeps,
  provider: PaymentProvider,
  checkout: Checkout,
  options: Record<string, string>,
  start = (signal: AbortSignal) => provider.startCheckout(checkout, options, signal),
): Promise<string> {
  crashPoint('checkout-before-provider');
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await bounded(deps.config.providerTimeoutMs, start));
  } catch (error) {
    deps.logger.warn('checkout start failed', { provider: provider.id, error });
    // Closes the checkout and gives back its promo code, so the payer may start again.
    await settle(deps, checkout.id, 'payment.failed', { error: failureReason(error) });
    throw billingRefused('payment_failed');
  }
  crashPoint('checkout-after-provider');
  await deps.db.update(checkouts).set({ redirectUrl }).where(eq(checkouts.id, checkout.id));
  crashPoint('checkout-committed');
  return redirectUrl;
}

/** POST /api/autopayment/: one open checkout per user; a repeat finds the same one. */
export async function startCheckout(deps: AppDeps, user: User, request: Request): Promise<string> {
  // The payer's country is one of the list, named at its field of the payer's data.
  if (!(await isListedCountry(deps, request.user_data.country)))
    throw billingRefused('country_not_found');
  if (request.provider !== cardProviderFor(request.user_data.country)) {
    const detail = `Country ${request.user_data.country} pays with ${cardProviderFor(request.user_data.country)}`;
    throw billingRefused('invalid_option', { at: 'provider', detail });
  }
  const options = checkedOptions(deps, request);
  const provider = paymentProvider(deps.config, request.provider);
  if (!provider) throw billingRefused('plan_unavailable');
  if (await openCheckoutOf(deps.db, user.id)) return resumeCheckout(deps, user.id);
  if ((await autopaymentOf(deps.db, user.id))?.status === 'active') {
    throw billingRefused('plan_unavailable');
  }
  const now = deps.clock.now();
  const currency = currencyFor(request.user_data.country);
  const coupon = await checkCoupon(deps.db, now, { ...request, currency });
  if (coupon.status !== 'ok' && coupon.status !== 'no_coupon') throw couponError(coupon.status);
  const current = await currentSubscription(deps.db, user);
  const rows = await priceRows(deps.db);
  const cost = costOfChange(rows, current, now, request, currency, coupon.percent);
  const code = coupon.status === 'ok' ? request.coupon.trim().toUpperCase() : '';
  const checkout = await openCheckout(
    deps,
    {
      id: newCheckoutId(),
      userId: user.id,
      kind: 'create',
      provider: request.provider,
      status: 'pending',
      plan: request.plan,
      interval: request.interval,
      coupon: code,
      amount: cost.chargedNow,
      currency,
      additionalDays: cost.credit.days,
      createdAt: now,
    },
    {
      provider: request.provider,
      status: 'pending',
      latestError: null,
      plan: request.plan,
      interval: request.interval,
      coupon: code,
      userData: request.user_data,
      options,
      updatedAt: now,
    },
  );
  // A parallel start won the race: answer its checkout.
  if (!checkout) return resumeCheckout(deps, user.id);
  return redirectTo(deps, provider, checkout, options);
}

/** A plan change is charged in the running subscription's currency, else the account's country's. */
export const changeCurrency = (
  user: Pick<User, 'country'>,
  current: Pick<CurrentSubscription, 'stored' | 'currency'>,
) => (current.stored ? current.currency : currencyFor(user.country));

/**
 * PATCH /api/autopayment/: a new plan or interval for a running autopayment, charged
 * to the saved method while the request waits. The checkout commits with a charge job
 * due once that wait has surely ended: should this process die first, the job carries
 * the change through (the charge is keyed by the checkout, so it is never taken twice).
 */
export async function changePlan(deps: AppDeps, user: User, request: Change): Promise<void> {
  const autopayment = await autopaymentOf(deps.db, user.id);
  if (autopayment?.status !== 'active') throw billingRefused('no_autopayment');
  if (await openCheckoutOf(deps.db, user.id)) throw billingRefused('checkout_in_progress');
  const now = deps.clock.now();
  const current = await currentSubscription(deps.db, user);
  const currency = changeCurrency(user, current);
  // The same cost the checkout showed (GET /api/v1/subscription/change-cost/).
  const rows = await priceRows(deps.db);
  const cost = costOfChange(rows, current, now, request, currency);
  const values: typeof checkouts.$inferInsert = {
    id: newCheckoutId(),
    userId: user.id,
    kind: 'change',
    provider: autopayment.provider,
    status: 'pending',
    plan: request.plan,
    interval: request.interval,
    amount: cost.chargedNow,
    currency,
    additionalDays: cost.credit.days,
    createdAt: now,
  };
  const backupAfter = Math.ceil(deps.config.providerTimeoutMs / 1000) + deps.config.jobLeaseSeconds;
  const checkout = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(checkouts).values(values).onConflictDoNothing().returning();
    if (row) await queueCharge(deps, tx, row.id, backupAfter);
    return row;
  });
  if (!checkout) throw billingRefused('checkout_in_progress');
  if (!(await chargeCheckout(deps, checkout.id, 'fail'))) {
    throw billingRefused('payment_failed');
  }
}
