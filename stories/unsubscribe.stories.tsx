import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { unsubscribeMachine } from '../machines/unsubscribe.machine.ts';
import { UnsubscribeView } from '../src/views/unsubscribe/unsubscribe.view.tsx';

interface Args {
  value: SnapshotFrom<typeof unsubscribeMachine>['value'];
  failed: boolean;
}

const subscription = {
  email: 'demo@example.com',
  list: 'account_notices' as const,
  subscribed: true,
};

/** /unsubscribe/{token}: every state of the unsubscribe machine. */
const meta = {
  title: 'Flows/Unsubscribe',
  render: ({ value, failed }) => (
    <UnsubscribeView
      snapshot={unsubscribeMachine.resolveState({
        value,
        context: { subscription: value === 'loading' ? null : subscription, failed },
      })}
      send={() => {}}
    />
  ),
  args: { value: 'asking', failed: false },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const InvalidLink: Story = { args: { value: 'invalid' } };
export const Asking: Story = {};
export const SaveFailed: Story = { args: { failed: true } };
export const Confirming: Story = { args: { value: 'confirming' } };
export const Unsubscribed: Story = { args: { value: 'unsubscribed' } };
