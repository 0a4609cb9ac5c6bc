import {
  subscriptionUpdateMachine,
  type SubscriptionUpdateInput,
} from '../../machines/subscription-update.machine.ts';
import type { UpdateQuery } from '../../machines/update-query.ts';
import { givenPlans, loadPlans } from './subscription.flow.ts';

export const liveSubscriptionUpdateMachine = subscriptionUpdateMachine.provide({
  actors: { loadSubscription: loadPlans },
});

/**
 * The page's input: plan and period from the address, and the subscription and the
 * plans when the page brought both.
 */
export function subscriptionUpdateInput(query: UpdateQuery): SubscriptionUpdateInput {
  return { query, data: givenPlans() };
}
