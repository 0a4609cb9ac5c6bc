import type { Meta, StoryObj } from '@storybook/react-vite';
import { loginMachine, type LoginContext } from '../machines/login.machine.ts';
import { LoginView } from '../src/views/login/login.view.tsx';

interface Args {
  value: 'editing' | 'submitting' | 'signedIn';
  context: LoginContext;
}

/** Sign-in (/login/1): one story per state of the login machine. */
const meta = {
  title: 'Flows/Sign in',
  render: ({ value, context }) => (
    <LoginView snapshot={loginMachine.resolveState({ value, context })} send={() => {}} />
  ),
  args: { value: 'editing', context: { next: '/en/profile', serverErrors: {} } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const UnknownAccount: Story = {
  args: {
    context: {
      next: '/en/profile',
      serverErrors: {
        login: {
          field: 'login',
          code: 'user_absent',
          detail: 'There is no profile with this email',
        },
      },
    },
  },
};

export const WrongPassword: Story = {
  args: {
    context: {
      next: '/en/profile',
      serverErrors: {
        password: {
          field: 'password',
          code: 'wrong_credentials',
          detail: 'The password is incorrect',
        },
      },
    },
  },
};

export const Submitting: Story = { args: { value: 'submitting' } };

export const SignedIn: Story = { args: { value: 'signedIn' } };
