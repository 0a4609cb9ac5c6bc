import { fromPromise } from 'xstate';
import {
  fetchPlans,
  fetchSubscription,
  givenAutopayment,
  givenPrices,
  givenSubscription,
  restoreAutopayment,
} from '../api/billing.api.ts';
import {
  autopaymentState,
  livePaymentStatusMachine,
  readAutopayment,
  report,
} from './payment-status.flow.ts';
import {
  subscriptionMachine,
  type PageQuery,
  type SubscriptionData,
  type SubscriptionInput,
} from '../../machines/subscription.machine.ts';

/** The subscription and the plans, loaded together. */
export const loadPlans = fromPromise<SubscriptionData>(async ({ signal }) => {
  const [subscription, plans] = await Promise.all([
    fetchSubscription(signal),
    fetchPlans(signal),
  ]).catch(report);
  return { subscription, plans };
});

/** The subscription and the plans, as `loadPlans` gives them, when the page brought both. */
export function givenPlans(): SubscriptionData | undefined {
  const subscription = givenSubscription();
  const plans = subscription && givenPrices();
  return subscription && plans ? { subscription, plans } : undefined;
}

export const liveSubscriptionMachine = subscriptionMachine.provide({
  actors: {
    pollPaymentStatus: livePaymentStatusMachine,
    loadSubscription: loadPlans,
    fetchAutopayment: readAutopayment,
    restoreSubscription: fromPromise(({ signal }) => restoreAutopayment(signal).catch(report)),
  },
});

/**
 * The page's input: its query, and what its HTML brought (decision 0034), the
 * subscription with the plans and the autopayment where there is one. Back from a
 * payment none is taken: the page polls first and reads what the payment made.
 */
export function subscriptionInput(query: PageQuery): SubscriptionInput {
  if (query.status !== null) return { query };
  const data = givenPlans();
  if (!data) return { query };
  const autopayment = givenAutopayment();
  return {
    query,
    data,
    ...(autopayment && { autopayment: autopaymentState(autopayment) }),
  };
}
