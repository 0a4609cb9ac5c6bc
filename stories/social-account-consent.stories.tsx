import type { Meta, StoryObj } from '@storybook/react-vite';
import { loginMachine } from '../machines/login.machine.ts';
import {
  socialAccountConsentMachine,
  type SocialAccountConsentContext,
} from '../machines/social-account-consent.machine.ts';
import { LoginView } from '../src/views/login/login.view.tsx';
import { SocialAccountConsentView } from '../src/views/login/social-account-consent.view.tsx';
import { SocialSignInError } from '../src/views/login/social-buttons.tsx';

interface Args {
  value: 'asking' | 'creating' | 'declining' | 'signedIn' | 'declined' | 'failed';
  context: SocialAccountConsentContext;
}

/**
 * Sign-in with a provider whose profile is new here (/login/1?consent=…): the terms
 * dialog over the sign-in page, one story per state. Declined and failed close the
 * dialog; a failure is then told above the form.
 */
const meta = {
  title: 'Flows/Sign in with a provider, new account',
  render: ({ value, context }) => (
    <>
      {value === 'failed' && context.error && <SocialSignInError code={context.error} />}
      <LoginView
        snapshot={loginMachine.resolveState({
          value: 'editing',
          context: { next: '/en/profile', serverErrors: {}, passkeyError: null },
        })}
        send={() => {}}
      />
      <SocialAccountConsentView
        snapshot={socialAccountConsentMachine.resolveState({ value, context })}
        send={() => {}}
      />
    </>
  ),
  args: { value: 'asking', context: { provider: 'yandex', next: null, error: null } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Asking: Story = {};
export const Creating: Story = { args: { value: 'creating' } };
export const Declining: Story = { args: { value: 'declining' } };
export const SignedIn: Story = {
  args: { value: 'signedIn', context: { provider: 'google', next: '/en/profile', error: null } },
};
export const Declined: Story = { args: { value: 'declined' } };
export const Failed: Story = {
  args: { value: 'failed', context: { provider: 'github', next: null, error: 'token_expired' } },
};
