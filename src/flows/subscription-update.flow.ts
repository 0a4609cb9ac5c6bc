import { subscriptionUpdateMachine } from '../../machines/subscription-update.machine.ts';
import { loadPlans } from './subscription.flow.ts';

export const liveSubscriptionUpdateMachine = subscriptionUpdateMachine.provide({
  actors: { loadSubscription: loadPlans },
});
