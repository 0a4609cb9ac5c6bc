import { fromPromise } from 'xstate';
import { fetchPlans, fetchSubscription, restoreAutopayment } from '../api/billing.api.ts';
import { livePaymentStatusMachine, readAutopayment, report } from './payment-status.flow.ts';
import { subscriptionMachine, type SubscriptionData } from '../../machines/subscription.machine.ts';

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
