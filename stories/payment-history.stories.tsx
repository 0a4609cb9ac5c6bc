import { useLingui } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Payment } from '../contract/billing.ts';
import {
  paymentHistoryMachine,
  type PaymentHistoryContext,
} from '../machines/payment-history.machine.ts';
import { PaymentHistoryView } from '../src/views/subscription/payment-history.view.tsx';
import { miniPaidByCard } from '../test/fixtures/billing.ts';

type Value = SnapshotFrom<typeof paymentHistoryMachine>['value'];
interface Args {
  value: Value;
  context: PaymentHistoryContext;
}

const at = (month: number, day: number) =>
  `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T10:00:00Z`;
const card = (id: string, fields: Partial<Payment>): Payment => ({
  ...miniPaidByCard(id),
  created_at: at(11, 23),
  period_start: null,
  period_end: null,
  ...fields,
});
/** Every status, a promo code's discount, each provider and an invoice request. */
const payments: Payment[] = [
  {
    ...card('inv_7', {}),
    id: 'inv_7',
    created_at: at(11, 25),
    plan: 'premium',
    interval: 'yearly',
    amount: 24000,
    currency: 'rub',
    provider: 'invoice',
    status: 'invoice_requested',
    receipt_url: null,
  },
  card('co_renewal', {
    created_at: at(11, 23),
    period_start: at(11, 23),
    period_end: at(12, 23),
    amount: 9,
    discount: 1,
    coupon: 'AUTUMN10',
  }),
  card('co_failed', { created_at: at(10, 23), status: 'failed', receipt_url: null }),
  card('co_rub', {
    created_at: at(9, 2),
    plan: 'premium',
    interval: 'yearly',
    period_start: at(9, 2),
    period_end: at(9, 2).replace('2026', '2027'),
    amount: 24000,
    currency: 'rub',
    provider: 'yookassa',
  }),
];

/** The page locale follows the story's language, as the address does in the app. */
function History({ value, context }: Args) {
  const { i18n } = useLingui();
  return (
    <PaymentHistoryView
      snapshot={paymentHistoryMachine.resolveState({ value, context })}
      send={() => {}}
      locale={i18n.locale === 'ru' ? 'ru' : 'en'}
    />
  );
}

/** "Payment history" on /subscription: every state of its machine, every kind of row. */
const meta = {
  title: 'Flows/Subscription/Payment history',
  render: (args) => <History {...args} />,
  args: { value: 'ready', context: { payments, nextPage: null } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { value: 'loading', context: { payments: [], nextPage: null } },
};
export const LoadFailed: Story = {
  args: { value: 'loadFailed', context: { payments: [], nextPage: null } },
};
export const Empty: Story = { args: { context: { payments: [], nextPage: null } } };
export const EveryKind: Story = {};
export const WithMore: Story = { args: { context: { payments, nextPage: 2 } } };
export const LoadingMore: Story = {
  args: { value: 'loadingMore', context: { payments, nextPage: 2 } },
};
export const MoreFailed: Story = {
  args: { value: 'moreFailed', context: { payments, nextPage: 2 } },
};
