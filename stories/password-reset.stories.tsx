import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  passwordResetMachine,
  type PasswordResetContext,
} from '../machines/password-reset.machine.ts';
import { ResetView } from '../src/views/password/password-reset.view.tsx';

interface Args {
  value: 'editing' | 'submitting' | 'sent';
  context: PasswordResetContext;
}

/** Password reset (/password/reset): one story per state of the reset machine. */
const meta = {
  title: 'Flows/Password reset',
  render: ({ value, context }) => (
    <ResetView snapshot={passwordResetMachine.resolveState({ value, context })} send={() => {}} />
  ),
  args: { value: 'editing', context: { email: '', serverErrors: {} } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const InvalidEmail: Story = {
  args: {
    context: {
      email: '',
      serverErrors: { email: { field: 'email', code: 'email', detail: 'Invalid' } },
    },
  },
};

export const Submitting: Story = {
  args: { value: 'submitting', context: { email: 'someone@example.com', serverErrors: {} } },
};

export const Sent: Story = {
  args: { value: 'sent', context: { email: 'someone@example.com', serverErrors: {} } },
};
