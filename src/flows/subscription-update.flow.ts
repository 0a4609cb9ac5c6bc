import {
  subscriptionUpdateMachine,
  type SubscriptionUpdateInput,
} from '../../machines/subscription-update.machine.ts';
import type { UpdateQuery } from '../../machines/update-query.ts';
import { givenPrices, givenSubscription } from '../api/billing.api.ts';
import { loadPlans } from './subscription.flow.ts';

export const liveSubscriptionUpdateMachine = subscriptionUpdateMachine.provide({
  actors: { loadSubscription: loadPlans },
});

/**
 * The page's input: plan and period from the address, and the subscription and the
 * plans when the page brought both (as `loadPlans` gives them).
 */
export function subscriptionUpdateInput(query: UpdateQuery): SubscriptionUpdateInput {
  const subscription = givenSubscription();
  const plans = subscription && givenPrices();
  return { query, data: subscription && plans ? { subscription, plans } : undefined };
}
