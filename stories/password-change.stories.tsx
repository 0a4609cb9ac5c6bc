import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  passwordChangeMachine,
  type PasswordChangeContext,
} from '../machines/password-change.machine.ts';
import { NoPasswordView, PasswordChangeView } from '../src/views/security/password-change.view.tsx';
import { refusedAt } from './args.ts';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof passwordChangeMachine, 'editing' | 'saving' | 'changed'>;

const base: PasswordChangeContext = { serverErrors: {}, changes: 0 };

/** "Password" on /security (decision 0216): one story per state. */
const meta = {
  title: 'Flows/Change password',
  render: renderState(passwordChangeMachine, PasswordChangeView),
  args: { value: 'editing', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const WrongCurrentPassword: Story = {
  args: {
    context: refusedAt(base, 'current_password', 'wrong_credentials', 'x'),
  },
};

export const GuessableNewPassword: Story = {
  args: {
    context: {
      ...base,
      serverErrors: { password: { field: 'password', code: 'common_password', detail: 'x' } },
    },
  },
};

export const Saving: Story = { args: { value: 'saving' } };

export const Changed: Story = { args: { value: 'changed', context: { ...base, changes: 1 } } };

/** An account that signs in only with a linked account: no form, no machine. */
export const NoPassword: Story = { render: () => <NoPasswordView /> };
