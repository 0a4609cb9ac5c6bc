import type { Meta, StoryObj } from '@storybook/react-vite';
import { loginMachine, type LoginContext } from '../machines/login.machine.ts';
import { LoginView } from '../src/views/login/login.view.tsx';
import { LoginNotice } from '../src/views/login/login-notice.tsx';
import { SocialSignInError } from '../src/views/login/social-buttons.tsx';

interface Args {
  value: 'editing' | 'submitting' | 'signedIn';
  context: LoginContext;
  /** What the address tells the page: `?notice=` or `?error=`. */
  banner?: 'profile_removed' | 'social_denied' | 'token_expired';
}

/** Sign-in (/login/1): one story per state of the login machine. */
const meta = {
  title: 'Flows/Sign in',
  render: ({ value, context, banner }) => (
    <>
      {banner === 'profile_removed' && <LoginNotice notice={banner} />}
      {(banner === 'social_denied' || banner === 'token_expired') && (
        <SocialSignInError code={banner} />
      )}
      <LoginView snapshot={loginMachine.resolveState({ value, context })} send={() => {}} />
    </>
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

export const AfterProfileRemoval: Story = { args: { banner: 'profile_removed' } };

export const SocialSignInCancelled: Story = { args: { banner: 'social_denied' } };

/** A social sign-in that took too long or came back to another browser. */
export const SocialSignInLost: Story = { args: { banner: 'token_expired' } };
