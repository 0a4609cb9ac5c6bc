import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Card } from '../contract/billing.ts';
import { cardOnFileMachine, type CardOnFileContext } from '../machines/card-on-file.machine.ts';
import { CardOnFileView } from '../src/views/subscription/card-on-file.view.tsx';

type Value = SnapshotFrom<typeof cardOnFileMachine>['value'];
interface Args {
  value: Value;
  context: CardOnFileContext;
}

const visa: Card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const mir: Card = { brand: 'mir', last4: '0004', exp_month: 9, exp_year: 2031 };
const context = (fields: Partial<CardOnFileContext> = {}): CardOnFileContext => ({
  card: visa,
  changeable: true,
  setupId: null,
  outcome: null,
  error: null,
  leaving: null,
  ...fields,
});

/** "Payment card" on /subscription: every state of its machine. */
const meta = {
  title: 'Flows/Subscription/Payment card',
  render: ({ value, context: ctx }) => (
    <CardOnFileView
      snapshot={cardOnFileMachine.resolveState({ value, context: ctx })}
      send={() => {}}
    />
  ),
  args: { value: 'ready', context: context() },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading', context: context({ card: null }) } };
export const LoadFailed: Story = {
  args: { value: 'loadFailed', context: context({ card: null }) },
};
export const Visa: Story = {};
export const MirCard: Story = { args: { context: context({ card: mir }) } };
export const NoneReported: Story = { args: { context: context({ card: null }) } };
/** A provider without a card-only setup (YooKassa): no Change card. */
export const NotChangeable: Story = { args: { context: context({ changeable: false }) } };
export const Confirming: Story = {
  args: { value: { confirming: 'waiting' }, context: context({ setupId: 'co_setup' }) },
};
export const Saved: Story = {
  args: { context: context({ card: mir, setupId: 'co_setup', outcome: 'saved' }) },
};
export const NotSaved: Story = {
  args: { context: context({ setupId: 'co_setup', outcome: 'not_saved' }) },
};
export const Unconfirmed: Story = {
  args: { context: context({ setupId: 'co_setup', outcome: 'unconfirmed' }) },
};
export const Starting: Story = { args: { value: 'starting' } };
export const StartFailed: Story = {
  args: { value: 'startFailed', context: context({ error: 'checkout_in_progress' }) },
};
export const StartFailedOtherwise: Story = {
  args: { value: 'startFailed', context: context({ error: 'system' }) },
};
