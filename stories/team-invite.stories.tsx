import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { teamInviteMachine, type TeamInviteContext } from '../machines/team-invite.machine.ts';
import { TeamInviteView } from '../src/views/teams/team-invite.view.tsx';
import { teamInvitation } from '../test/fixtures/teams.ts';

type Value = SnapshotFrom<typeof teamInviteMachine>['value'];
interface Args {
  value: Value;
  context: TeamInviteContext;
}

const rows = [
  teamInvitation('inv-1', 'kate@example.com'),
  teamInvitation('inv-2', 'old@example.com', true),
];
const base: TeamInviteContext = {
  invitations: rows,
  email: '',
  locale: 'en',
  emailProblem: null,
  serverErrors: {},
  working: null,
  rowProblem: null,
  notice: null,
};

/** The owner tab's invitations by e-mail (decision 0602): every state of the team-invite machine. */
const meta = {
  title: 'Flows/Teams/Invitations',
  render: ({ value, context }: Args) => (
    <TeamInviteView snapshot={teamInviteMachine.resolveState({ value, context })} send={() => {}} />
  ),
  args: { value: 'ready', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const Loading: Story = { args: { value: 'loading', context: { ...base, invitations: [] } } };
export const Unavailable: Story = {
  args: { value: 'unavailable', context: { ...base, invitations: [] } },
};
export const NoInvitations: Story = { args: { context: { ...base, invitations: [] } } };
export const Pending: Story = {};
export const Invalid: Story = {
  args: { context: { ...base, email: 'not-an-address', emailProblem: 'email' } },
};
export const AlreadyMember: Story = {
  args: {
    context: {
      ...base,
      email: 'bob@example.com',
      serverErrors: { email: { field: 'email', code: 'already_member', detail: '' } },
    },
  },
};
export const TeamFull: Story = {
  args: {
    context: {
      ...base,
      email: 'new@example.com',
      serverErrors: { team: { field: 'team', code: 'team_full', detail: '' } },
    },
  },
};
export const Inviting: Story = {
  args: { value: 'inviting', context: { ...base, email: 'new@example.com' } },
};
export const Invited: Story = {
  args: { context: { ...base, notice: { kind: 'invited', email: 'new@example.com' } } },
};
export const Resending: Story = {
  args: { value: 'resending', context: { ...base, working: 'inv-1' } },
};
export const Resent: Story = {
  args: { context: { ...base, notice: { kind: 'resent', email: 'kate@example.com' } } },
};
export const ResendTooEarly: Story = {
  args: { context: { ...base, rowProblem: { id: 'inv-1', code: 'resend_too_early' } } },
};
export const ResentTooOften: Story = {
  args: { context: { ...base, rowProblem: { id: 'inv-1', code: 'too_many_requests' } } },
};
export const Revoking: Story = {
  args: { value: 'revoking', context: { ...base, working: 'inv-1' } },
};
