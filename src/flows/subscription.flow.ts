import { fromPromise } from 'xstate';
import {
  fetchAutopayment,
  fetchPlans,
  fetchSubscription,
  restoreAutopayment,
} from '../api/billing.api.ts';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import {
  paymentStatusMachine,
  type AutopaymentState,
} from '../../machines/payment-status.machine.ts';
import { subscriptionMachine, type SubscriptionData } from '../../machines/subscription.machine.ts';

/** Failures nobody subscribes to reach the global handler (a toast), then the machine. */
export function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

/** GET /api/autopayment/ as the machines read it: a 404 is status 'none' (section 8). */
const readAutopayment = fromPromise<AutopaymentState>(async ({ signal }) => {
  const autopayment = await fetchAutopayment(signal).catch(report);
  return autopayment
    ? { status: autopayment.status, latestError: autopayment.latest_error }
    : { status: 'none', latestError: null };
});

export const livePaymentStatusMachine = paymentStatusMachine.provide({
  actors: { fetchAutopaymentState: readAutopayment },
});

/** The subscription and the plans, loaded together. */
export const loadPlans = fromPromise<SubscriptionData>(async ({ signal }) => {
  const [subscription, plans] = await Promise.all([
    fetchSubscription(signal),
    fetchPlans(signal),
  ]).catch(report);
  return { subscription, plans };
});

export const liveSubscriptionMachine = subscriptionMachine.provide({
  actors: {
    pollPaymentStatus: livePaymentStatusMachine,
    loadSubscription: loadPlans,
    fetchAutopayment: readAutopayment,
    restoreSubscription: fromPromise(({ signal }) => restoreAutopayment(signal).catch(report)),
  },
});
