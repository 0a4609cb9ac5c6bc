import { fromPromise } from 'xstate';
import {
  fetchAutopayment,
  fetchPlans,
  fetchSubscription,
  restoreAutopayment,
} from '../api/billing.api.ts';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { paymentStatusMachine } from '../../machines/payment-status.machine.ts';
import { subscriptionMachine, type SubscriptionData } from '../../machines/subscription.machine.ts';

/** Failures nobody subscribes to reach the global handler (a toast), then the machine. */
export function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

export const livePaymentStatusMachine = paymentStatusMachine.provide({
  actors: {
    fetchAutopaymentState: fromPromise(async ({ signal }) => {
      const autopayment = await fetchAutopayment(signal).catch(report);
      return autopayment
        ? { status: autopayment.status, latestError: autopayment.latest_error }
        : { status: 'none', latestError: null };
    }),
  },
});

/** The subscription, the plans and a failed autopayment's reason, loaded together. */
export const loadSubscription = fromPromise<SubscriptionData>(async ({ signal }) => {
  const [subscription, plans, autopayment] = await Promise.all([
    fetchSubscription(signal),
    fetchPlans(signal),
    fetchAutopayment(signal),
  ]).catch(report);
  const failedPayment = autopayment?.status === 'failed' ? (autopayment.latest_error ?? '') : null;
  return { subscription, plans, failedPayment };
});

export const liveSubscriptionMachine = subscriptionMachine.provide({
  actors: {
    pollPaymentStatus: livePaymentStatusMachine,
    loadSubscription,
    restoreSubscription: fromPromise(({ signal }) => restoreAutopayment(signal).catch(report)),
  },
});
