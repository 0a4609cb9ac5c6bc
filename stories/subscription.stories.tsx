import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Subscription } from '../contract/billing.ts';
import { confirmMachine } from '../machines/confirm.machine.ts';
import type { AutopaymentState } from '../machines/payment-status.machine.ts';
import {
  subscriptionMachine,
  type Outcome,
  type SubscriptionContext,
} from '../machines/subscription.machine.ts';
import { SubscriptionView } from '../src/views/subscription/subscription.view.tsx';
import { demoSubscription } from '../test/fixtures/billing.ts';

interface Args {
  value:
    | 'polling'
    | 'loading'
    | 'readingAutopayment'
    | 'unavailable'
    | 'ready'
    | 'restoring'
    | 'showingOutcome';
  context: SubscriptionContext;
  confirm?: 'closed' | 'asking';
}

const mini: Subscription = demoSubscription;
const premiumYearly: Subscription = {
  ...mini,
  plan: 'premium',
  interval: 'yearly',
  price: 120,
  currency: 'usd',
  autopayment: false,
  autopayment_status: null,
};
const cancelled: Subscription = {
  ...mini,
  autopayment: false,
  autopayment_status: 'canceled',
  canceled_at: '2026-11-20T00:00:00Z',
};
const free: Subscription = {
  ...mini,
  plan: 'free',
  price: 0,
  expire_at: null,
  autopayment: false,
  autopayment_status: null,
};

const contextWith = (
  subscription: Subscription | null,
  outcome: Outcome | null = null,
  autopayment: AutopaymentState | null = null,
): SubscriptionContext => ({
  query: { status: null, scenario: null },
  data: subscription && { subscription, plans: { currency: subscription.currency, plans: [] } },
  autopayment,
  outcome,
});
/** A cancelled autopayment: the server restores it. */
const canceledAutopayment: AutopaymentState = { status: 'canceled', latestError: null };
const outcome = (o: Outcome, s: Subscription = mini): Story => ({
  args: {
    value: 'showingOutcome',
    context: contextWith(s, o, s.canceled_at ? canceledAutopayment : null),
  },
});

/** The page locale follows the story's language, as the address does in the app. */
function Page({ value, context, confirm = 'closed' }: Args) {
  const { i18n } = useLingui();
  return (
    <SubscriptionView
      snapshot={subscriptionMachine.resolveState({ value, context })}
      send={() => {}}
      confirm={confirmMachine.resolveState({ value: confirm, context: undefined })}
      sendConfirm={() => {}}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
    />
  );
}

/**
 * /subscription: one story per state of the page machine and per outcome dialog; while
 * it polls, its child's (stories/payment-status.stories.tsx).
 */
const meta = {
  title: 'Flows/Subscription',
  render: (args) => <Page {...args} />,
  args: { value: 'ready', context: contextWith(mini) },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const MiniWithAutopayment: Story = {};
export const PremiumYearlyWithoutAutopayment: Story = {
  args: { context: contextWith(premiumYearly) },
};
export const Free: Story = { args: { context: contextWith(free) } };
/** A payment the card refused, as the poll found it: the reason stays shown above the plan. */
export const LastPaymentFailed: Story = {
  args: {
    context: contextWith({ ...free, autopayment_status: 'failed' }, null, {
      status: 'failed',
      latestError: 'The card was declined',
    }),
  },
};
export const Cancelled: Story = {
  args: { context: contextWith(cancelled, null, canceledAutopayment) },
};
/**
 * Cancelled without an autopayment (a plan paid otherwise, sent to Free at its end):
 * the server has nothing to restore, so the plan offers what one without autopayment does.
 */
export const CancelledWithoutAutopayment: Story = {
  args: { context: contextWith(cancelled, null, { status: 'none', latestError: null }) },
};
export const RestoreConfirmation: Story = {
  args: { context: contextWith(cancelled, null, canceledAutopayment), confirm: 'asking' },
};
export const Restoring: Story = {
  args: { value: 'restoring', context: contextWith(cancelled, null, canceledAutopayment) },
};
export const Loading: Story = { args: { value: 'loading', context: contextWith(null) } };
/** The subscription loaded, and it leaves the autopayment to ask about (a cancelled plan). */
export const ReadingAutopayment: Story = {
  args: { value: 'readingAutopayment', context: contextWith(cancelled) },
};
export const Unavailable: Story = { args: { value: 'unavailable', context: contextWith(null) } };
export const Created: Story = outcome('created');
export const CreationFailed: Story = outcome('creation_failed', free);
export const Updated: Story = outcome('updated', premiumYearly);
export const UpdatingFailed: Story = outcome('updating_failed');
export const Cancel: Story = outcome('cancel', cancelled);
/**
 * An invoice asked for from Free: the dialog names the plan requested (Premium, for a
 * year), not the Free plan that stays until the invoice is paid.
 */
export const InvoiceRequested: Story = {
  args: {
    value: 'showingOutcome',
    context: {
      ...contextWith(free, 'invoice_requested'),
      query: { status: null, scenario: 'invoiceRequested', plan: 'premium' },
    },
  },
};
export const Restored: Story = outcome('restored');
export const PaymentFailed: Story = outcome('payment_failed', free);
/** Cancel on the provider's page: nothing was charged, and the page says so (not 'failed'). */
export const PaymentCancelled: Story = outcome('payment_canceled', free);
