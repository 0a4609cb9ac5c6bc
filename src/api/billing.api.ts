import * as v from 'valibot';
import {
  AutopaymentAnswer,
  CardAnswer,
  CardSetupStarted,
  CardSetupStatus,
  CheckoutStarted,
  Convertion,
  CouponPrice,
  InAdvance,
  PaymentPage,
  PlanChangeCostAnswer,
  PlanList,
  SubscriptionAnswer,
  SubscriptionUpdated,
  type Autopayment,
  type AutopaymentChange,
  type AutopaymentRequest,
  type Interval,
} from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import { ApiError, toApiErrors } from './errors.ts';
import { call, givenRead, http, isAnsweredFetchError } from './client.ts';
import { firstPaymentsPage, readPaths } from '../../contract/page-reads.ts';

export function fetchPlans(signal?: AbortSignal) {
  return call(readPaths.prices, PlanList, { signal, useCase: 'get_prices' });
}

export async function fetchSubscription(signal?: AbortSignal) {
  const answer = await call(readPaths.subscription, SubscriptionAnswer, {
    signal,
    useCase: 'get_subscription',
  });
  return answer.subscription;
}

/** The subscription the page brought, if it did (`givenRead`). */
export const givenSubscription = () =>
  givenRead(readPaths.subscription, SubscriptionAnswer)?.subscription;

/** The plans and their prices the page brought, if it did (`givenRead`). */
export const givenPrices = () => givenRead(readPaths.prices, PlanList);

/**
 * The autopayment the page brought, if it did (`givenRead`): the page carries only an
 * answer of 200, so one it did not bring may still be none.
 */
export const givenAutopayment = () =>
  givenRead(readPaths.autopayment, AutopaymentAnswer)?.autopayment;

/** The autopayment, or null: a 404 means there is none (section 8). */
export async function fetchAutopayment(signal?: AbortSignal): Promise<Autopayment | null> {
  try {
    const answer = await call(readPaths.autopayment, AutopaymentAnswer, {
      signal,
      useCase: 'get_autopayment',
    });
    return answer.autopayment;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A read whose query is a plan and an interval: what buying them would bring. */
const readForPlan =
  <S extends v.GenericSchema>(path: string, schema: S, useCase: string) =>
  (plan: PlanId, interval: Interval, signal?: AbortSignal) =>
    call(path, schema, { query: { plan, interval }, signal, useCase });

const readConvertion = readForPlan(readPaths.convertion, Convertion, 'get_convertion');
const readInAdvance = readForPlan(readPaths.inAdvance, InAdvance, 'get_in_advance');
const readChangeCost = readForPlan(
  'v1/subscription/change-cost/',
  PlanChangeCostAnswer,
  'get_change_cost',
);

/** The days and the next expiry for buying `plan` at `interval`, if the page brought both. */
export function givenConversion(plan: PlanId, interval: Interval) {
  const query = { plan, interval };
  const days = givenRead(readPaths.convertion, Convertion, query);
  const expiry = givenRead(readPaths.inAdvance, InAdvance, query);
  return days && expiry
    ? { additionalDays: days.additional_days, nextExpire: expiry.expire_at }
    : undefined;
}

export async function fetchConvertion(plan: PlanId, interval: Interval, signal?: AbortSignal) {
  return (await readConvertion(plan, interval, signal)).additional_days;
}

export async function fetchInAdvance(plan: PlanId, interval: Interval, signal?: AbortSignal) {
  return (await readInAdvance(plan, interval, signal)).expire_at;
}

/** What a change of the running autopayment to `plan` and `interval` costs, as it will be charged. */
export function fetchChangeCost(
  plan: 'mini' | 'premium',
  interval: Interval,
  signal?: AbortSignal,
) {
  return readChangeCost(plan, interval, signal);
}

/** A page (from 1) of the user's payment history, newest first. */
export function fetchPayments(page: number, signal?: AbortSignal) {
  return call(readPaths.payments, PaymentPage, {
    query: { page: String(page) },
    signal,
    useCase: 'get_payments',
  });
}

/** The history's first page the page brought, if it did (`givenRead`). */
export const givenPayments = () => givenRead(readPaths.payments, PaymentPage, firstPaymentsPage);

/** The saved card as the provider reported it (or null), and whether it can be changed here. */
export function fetchCard(signal?: AbortSignal) {
  return call(readPaths.card, CardAnswer, { signal, useCase: 'get_card' });
}

/** The saved card the page brought, if it did (`givenRead`). */
export const givenCard = () => givenRead(readPaths.card, CardAnswer);

/** A card setup the provider sent the user back from: open, saved or not saved. */
export function fetchCardSetup(id: string, signal?: AbortSignal) {
  return call(`v1/card/setups/${encodeURIComponent(id)}/`, CardSetupStatus, {
    signal,
    useCase: 'get_card_setup',
  });
}

/** Starts a card setup at the provider, back to `returnPath`; answers the provider's page. */
export async function startCardSetup(returnPath: string, signal?: AbortSignal) {
  const answer = await call('v1/card/', CardSetupStarted, {
    method: 'POST',
    body: { return_url: returnPath },
    signal,
    useCase: 'change_card',
  });
  return answer.redirect_url;
}

export function fetchCouponPrice(plan: PlanId, coupon: string, signal?: AbortSignal) {
  return call('v1/subscription/price/', CouponPrice, {
    query: { plan, coupon },
    signal,
    useCase: 'check_promocode',
  });
}

/** Starts a provider checkout; the page then goes to the answer's redirect_url. */
export async function startCheckout(request: AutopaymentRequest, signal?: AbortSignal) {
  const answer = await call('autopayment/', CheckoutStarted, {
    method: 'POST',
    body: { ...request },
    signal,
    useCase: 'buy_subscription',
  });
  if (!answer.redirect_url) throw new Error('The checkout answered without a redirect_url');
  return answer.redirect_url;
}

export async function changeAutopayment(change: AutopaymentChange, signal?: AbortSignal) {
  await call('autopayment/', v.unknown(), {
    method: 'PATCH',
    body: { ...change },
    signal,
    useCase: 'update_subscription',
  });
}

export async function cancelAutopayment(signal?: AbortSignal) {
  await call('autopayment/', v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'cancel_subscription',
  });
}

export async function restoreAutopayment(signal?: AbortSignal) {
  await call('autopayment/status/', v.unknown(), {
    method: 'PATCH',
    body: { value: 'active' },
    signal,
    useCase: 'restore_subscription',
  });
}

/** POST /api/subscription/update as multipart (invoice request or go-to-free form). */
export async function postSubscriptionUpdate(form: FormData, signal?: AbortSignal) {
  const useCase = 'subscription_update';
  let data: unknown;
  try {
    data = await (await http())('subscription/update', { method: 'POST', body: form, signal });
  } catch (error) {
    if (isAnsweredFetchError(error)) {
      const res = error.response;
      const body: unknown = error.data;
      throw new ApiError(
        toApiErrors(
          { status: res.status, statusText: res.statusText, url: res.url, body },
          useCase,
        ),
        res.status,
      );
    }
    throw error;
  }
  return v.parse(SubscriptionUpdated, data ?? null).next;
}
