import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import {
  teamInvitationMachine,
  type TeamInvitationContext,
} from '../machines/team-invitation.machine.ts';
import { TeamInvitationView } from '../src/views/teams/team-invitation.view.tsx';

type Value = SnapshotFrom<typeof teamInvitationMachine>['value'];
interface Args {
  value: Value;
  context: TeamInvitationContext;
  declineFirst?: boolean;
}

const link = { state: 'pending' as const, owner_username: 'ann', email: 'kate@example.com' };
const read: TeamInvitationContext = {
  link,
  signedInEmail: 'kate@example.com',
  joined: null,
  failed: false,
};

/** /invitation/{token} (decision 0602): every state of the invitation page's machine. */
const meta = {
  title: 'Flows/Teams/Invitation',
  render: ({ value, context, declineFirst }: Args) => (
    <TeamInvitationView
      snapshot={teamInvitationMachine.resolveState({ value, context })}
      send={() => {}}
      returnTo="/en/invitation/token"
      onSwitchAccount={() => {}}
      declineFirst={declineFirst ?? false}
    />
  ),
  args: { value: 'offered', context: read },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const Loading: Story = {
  args: { value: 'loading', context: { ...read, link: null, signedInEmail: null } },
};
export const Unavailable: Story = {
  args: { value: 'unavailable', context: { ...read, link: null, signedInEmail: null } },
};
export const Offered: Story = {};
export const OfferedFromDeclineLink: Story = { args: { declineFirst: true } };
export const AcceptFailed: Story = { args: { context: { ...read, failed: true } } };
export const Accepting: Story = { args: { value: 'accepting' } };
export const Declining: Story = { args: { value: 'declining' } };
export const SignInNeeded: Story = {
  args: { value: 'signInNeeded', context: { ...read, signedInEmail: null } },
};
export const OtherAccount: Story = {
  args: { value: 'otherAccount', context: { ...read, signedInEmail: 'mallory@example.com' } },
};
export const Accepted: Story = {
  args: {
    value: 'accepted',
    context: { ...read, joined: { owner_id: 'guid-of-ann', owner_username: 'ann' } },
  },
};
export const Declined: Story = { args: { value: 'declined' } };
export const Expired: Story = {
  args: { value: 'expired', context: { ...read, link: { ...link, state: 'expired' } } },
};
export const Used: Story = {
  args: { value: 'used', context: { ...read, link: { ...link, state: 'used' } } },
};
