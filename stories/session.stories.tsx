import type { Meta, StoryObj } from '@storybook/react-vite';
import { msg } from '@lingui/core/macro';
import { sessionMachine, type SessionContext } from '../machines/session.machine.ts';
import { AppShell } from '../src/components/app-shell.tsx';
import { ErrorPage } from '../src/components/error-page.tsx';
import { toHeaderSession } from '../src/components/header-session.ts';
import { SectionPage } from '../src/components/section-page.tsx';
import { demoUser } from '../test/fixtures/users.ts';

type SessionValue =
  | 'checking'
  | 'unavailable'
  | 'signedOut'
  | 'signingOut'
  | { signedIn: 'idle' | 'sendingTimezone' };

interface Args {
  value: SessionValue;
  context: SessionContext;
  banner: boolean;
}

const browserTimezone = { ianaName: 'Europe/Moscow', offset: 180 };

/** The app shell in every state of the session machine. */
const meta = {
  title: 'Flows/Session',
  parameters: { layout: 'fullscreen' },
  render: ({ value, context, banner }) => {
    const snapshot = sessionMachine.resolveState({ value, context });
    return (
      <AppShell
        session={toHeaderSession(snapshot)}
        pathname="/en/profile"
        promotion={
          banner
            ? {
                from: '2026-01-01',
                to: '2026-12-31',
                href: '#blog',
                text: msg`Winter sale: 30% off Premium`,
              }
            : null
        }
      >
        {snapshot.matches('unavailable') ? (
          <ErrorPage code={500} address="http://localhost/en/profile" />
        ) : (
          <SectionPage title={msg`Profile`} />
        )}
      </AppShell>
    );
  },
  args: {
    value: { signedIn: 'idle' },
    context: { browserTimezone, user: demoUser },
    banner: false,
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  args: { value: 'checking', context: { browserTimezone, user: null } },
};
export const SignedOut: Story = {
  args: { value: 'signedOut', context: { browserTimezone, user: null } },
};
export const Unavailable: Story = {
  args: { value: 'unavailable', context: { browserTimezone, user: null } },
};
export const SignedIn: Story = {};
export const SendingTimezone: Story = { args: { value: { signedIn: 'sendingTimezone' } } };
export const SigningOut: Story = { args: { value: 'signingOut' } };
export const TeamPremium: Story = {
  args: { context: { browserTimezone, user: { ...demoUser, plan: 'mini', team_plan: 'premium' } } },
};
export const WithWebgis: Story = {
  args: {
    context: { browserTimezone, user: { ...demoUser, webgis_url: 'https://demo.example.com' } },
  },
};
export const WithBanner: Story = { args: { banner: true } };
