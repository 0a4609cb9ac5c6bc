import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { msg } from '@lingui/core/macro';
import { sessionMachine, type SessionContext } from '../machines/session.machine.ts';
import { AppShell } from '../src/components/app-shell.tsx';
import ErrorPage from '../src/components/error-page.view.tsx';
import { toHeaderSession } from '../src/components/header-session.ts';
import SectionsDrawer from '../src/components/sections-drawer.tsx';
import { PlanLabel } from '../src/components/user-area.tsx';
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
const base = { browserTimezone, memberTeams: null, teamPlan: false };

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
                text: {
                  en: 'Winter sale: 30% off Premium',
                  ru: 'Зимняя распродажа: скидка 30% на Premium',
                },
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
    context: { ...base, user: demoUser },
    banner: false,
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  args: { value: 'checking', context: { ...base, user: null } },
};
export const SignedOut: Story = {
  args: { value: 'signedOut', context: { ...base, user: null } },
};
export const Unavailable: Story = {
  args: { value: 'unavailable', context: { ...base, user: null } },
};
export const SignedIn: Story = {};
export const SendingTimezone: Story = { args: { value: { signedIn: 'sendingTimezone' } } };
export const SigningOut: Story = { args: { value: 'signingOut' } };
export const TeamPremium: Story = {
  args: { context: { ...base, user: { ...demoUser, plan: 'mini', team_plan: 'premium' } } },
};
/** The header's plan label on a team's premium, its tooltip open (as on hover or focus). */
export const TeamPremiumTooltip: Story = {
  render: ({ context }) =>
    context.user ? (
      <Box p="16">
        <PlanLabel user={context.user} defaultOpen />
      </Box>
    ) : (
      <></>
    ),
  args: TeamPremium.args,
};
export const WithWebgis: Story = {
  args: {
    context: { ...base, user: { ...demoUser, webgis_url: 'https://demo.example.com' } },
  },
};
/** The userpic from a linked social account (a picture of its own, no outside host). */
const USERPIC = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(200 60% 45%)"/><circle cx="48" cy="38" r="18" fill="#fff"/><path d="M14 96c4-20 18-30 34-30s30 10 34 30z" fill="#fff"/></svg>',
)}`;
export const WithUserpic: Story = {
  args: { context: { ...base, user: { ...demoUser, userpic_url: USERPIC } } },
};
export const WithBanner: Story = { args: { banner: true } };
/** On a phone the sections open from the header's menu button as a drawer. */
export const PhoneSectionsDrawer: Story = {
  render: () => <SectionsDrawer hasWebgis={false} open onOpenChange={() => undefined} />,
};
