import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { confirmMachine } from '../machines/confirm.machine.ts';
import { paymentStatusMachine } from '../machines/payment-status.machine.ts';
import { subscriptionMachine } from '../machines/subscription.machine.ts';
import { SubscriptionView } from '../src/views/subscription/subscription.view.tsx';

interface Args {
  value: 'idle' | { polling: 'checking' | 'waiting' } | 'settled' | 'timedOut';
}

const active = { status: 'active', latestError: null };

/** The page locale follows the story's language, as the address does in the app. */
function Page({ value }: Args) {
  const { i18n } = useLingui();
  return (
    <SubscriptionView
      snapshot={subscriptionMachine.resolveState({
        value: 'polling',
        context: {
          query: { status: 'success', scenario: 'creation' },
          data: null,
          autopayment: null,
          outcome: null,
        },
      })}
      send={() => {}}
      confirm={confirmMachine.resolveState({ value: 'closed', context: undefined })}
      sendConfirm={() => {}}
      payment={paymentStatusMachine.resolveState({
        value,
        context: { returnStatus: 'success', last: value === 'settled' ? active : null },
      })}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
    />
  );
}

/**
 * Back from the payment provider on /subscription, the page's child polling the payment
 * status (PaymentStatusView): one story per state. Settled or timed out, the page goes on
 * at once to load the subscription (stories/subscription.stories.tsx).
 */
const meta = {
  title: 'Flows/Subscription/Payment status',
  render: (args) => <Page {...args} />,
  args: { value: { polling: 'checking' } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Told the return status as the page starts it. */
export const Idle: Story = { args: { value: 'idle' } };
export const Checking: Story = {};
/** Not final yet: a second until the next poll. */
export const Waiting: Story = { args: { value: { polling: 'waiting' } } };
/** The autopayment is active: the answer is in. */
export const Settled: Story = { args: { value: 'settled' } };
/** No final status in time: the last one seen (none here) is the answer. */
export const TimedOut: Story = { args: { value: 'timedOut' } };
