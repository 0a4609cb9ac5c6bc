import type { Meta, StoryObj } from '@storybook/react-vite';
import { setPasswordMachine, type SetPasswordContext } from '../machines/set-password.machine.ts';
import { SetPasswordView } from '../src/views/password/set-password.view.tsx';
import { refusedAt } from './args.ts';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<
  typeof setPasswordMachine,
  'editing' | 'submitting' | 'linkInvalid' | 'changed'
>;

const base: SetPasswordContext = { token: 'abc', serverErrors: {}, linkError: null };

/** The reset link's page (/password/set/{token}): one story per state. */
const meta = {
  title: 'Flows/Set a new password',
  render: renderState(setPasswordMachine, SetPasswordView),
  args: { value: 'editing', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const InvalidPassword: Story = {
  args: {
    context: refusedAt(base, 'password', 'invalid_password', 'Weak'),
  },
};

export const Submitting: Story = { args: { value: 'submitting' } };

export const LinkExpired: Story = {
  args: { value: 'linkInvalid', context: { ...base, linkError: 'token_expired' } },
};

export const LinkNotValid: Story = {
  args: { value: 'linkInvalid', context: { ...base, linkError: 'wrong_token' } },
};

export const Changed: Story = { args: { value: 'changed' } };
