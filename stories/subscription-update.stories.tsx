import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Subscription } from '../contract/billing.ts';
import { demoPlans, demoSubscription } from '../test/fixtures/billing.ts';
import {
  subscriptionUpdateMachine,
  type SubscriptionUpdateContext,
} from '../machines/subscription-update.machine.ts';
import { UpdateView } from '../src/views/subscription/subscription-update.view.tsx';

interface Args {
  value: 'loading' | 'unavailable' | 'choosing';
  context: SubscriptionUpdateContext;
}

const context = (subscription: Subscription, period: 'monthly' | 'yearly' = 'monthly') => ({
  query: { plan: null, period: null },
  data: { subscription, plans: demoPlans },
  period,
  selected: null,
});

/** /subscription/update: the plan cards in every combination of section 4's buttons. */
const meta = {
  title: 'Flows/Subscription update',
  render: ({ value, context }) => (
    <UpdateView
      snapshot={subscriptionUpdateMachine.resolveState({ value, context })}
      send={() => {}}
      locale="en"
    />
  ),
  args: { value: 'choosing', context: context(demoSubscription) },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAutopayment: Story = {};
export const Yearly: Story = { args: { context: context(demoSubscription, 'yearly') } };
export const WithoutAutopayment: Story = {
  args: { context: context({ ...demoSubscription, autopayment: false, autopayment_status: null }) },
};
export const CancelledPlan: Story = {
  args: {
    context: context({
      ...demoSubscription,
      autopayment: false,
      autopayment_status: 'canceled',
      canceled_at: '2026-11-20',
    }),
  },
};
export const FreePlan: Story = {
  args: {
    context: context({
      ...demoSubscription,
      plan: 'free',
      autopayment: false,
      autopayment_status: null,
      expire_at: null,
    }),
  },
};
export const Loading: Story = { args: { value: 'loading' } };
export const Unavailable: Story = { args: { value: 'unavailable' } };
