import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  socialConsentMachine,
  type SocialConsentContext,
} from '../machines/social-consent.machine.ts';
import { SocialButtons } from '../src/views/login/social-buttons.tsx';
import { SocialConsentView } from '../src/views/signup/social-consent.view.tsx';

interface Args {
  value: 'closed' | 'confirming' | 'redirecting';
  context: SocialConsentContext;
}

/** Social sign-up: the terms dialog before the provider, one story per state. */
const meta = {
  title: 'Flows/Sign up with a provider',
  render: ({ value, context }) => (
    <>
      <SocialButtons intent="signup" next="/en/profile" onChoose={() => {}} />
      <SocialConsentView
        snapshot={socialConsentMachine.resolveState({ value, context })}
        send={() => {}}
      />
    </>
  ),
  args: { value: 'closed', context: { provider: null } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Confirming: Story = {
  args: { value: 'confirming', context: { provider: 'yandex' } },
};

export const Redirecting: Story = {
  args: { value: 'redirecting', context: { provider: 'github' } },
};
