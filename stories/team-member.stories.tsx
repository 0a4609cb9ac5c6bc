import { Stack } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Team } from '../contract/teams.ts';
import { confirmMachine } from '../machines/confirm.machine.ts';
import { teamMemberMachine, type TeamMemberContext } from '../machines/team-member.machine.ts';
import { MemberView } from '../src/views/teams/team-member.view.tsx';
import { TabsView } from '../src/views/teams/tabs.view.tsx';
import { teamUser as user } from '../test/fixtures/teams.ts';

type MemberValue = SnapshotFrom<typeof teamMemberMachine>['value'];
interface Args {
  value: MemberValue;
  context: TeamMemberContext;
  ownOverLimit?: boolean;
  /** The Leave team question is open about this team (the page's confirm machine). */
  asked?: Team;
}

/** /teammanage, the member tab: the tabs, and every state of the team member's machine. */
const meta = {
  title: 'Flows/Teams/Member',
  render: (args: Args) => {
    const snapshot = teamMemberMachine.resolveState({ value: args.value, context: args.context });
    const confirm = confirmMachine.resolveState({ value: args.asked ? 'asking' : 'closed' });
    return (
      <Stack gap="6">
        <TabsView overLimit={args.ownOverLimit ?? false} />
        <MemberView
          snapshot={snapshot}
          send={() => {}}
          confirm={confirm}
          sendConfirm={() => {}}
          asked={args.asked ?? null}
          onAsk={() => {}}
        />
      </Stack>
    );
  },
  args: { value: 'loading', context: { teams: [], leaving: null } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

const memberOf = (owners: [string, number, number][]): TeamMemberContext => ({
  teams: owners.map(([name, count, max]) => ({
    users: Array.from({ length: count }, (_, i) => user(i + 1, `${name}${i}`, 'A', 'B')),
    max_size: max,
    owner_id: `guid-of-${name}`,
    owner_username: name,
    team_status: 'active',
    owned_by_target_user: false,
  })),
  leaving: null,
});
export const Loading: Story = {};
export const Empty: Story = {
  args: { value: 'empty', context: { teams: [], leaving: null } },
};
export const Failed: Story = {
  args: { value: 'failed', context: { teams: [], leaving: null } },
};
/** One team within its limit, one over it; the own team over its limit too. */
export const MemberOfTeams: Story = {
  args: {
    value: { loaded: 'idle' },
    context: memberOf([
      ['anna.k', 3, 5],
      ['gis_lab', 6, 5],
    ]),
    ownOverLimit: true,
  },
};

const twoTeams = memberOf([
  ['anna.k', 3, 5],
  ['gis_lab', 4, 5],
]);
const [annaTeam] = twoTeams.teams;
/** Leave team pressed on the first team: the confirmation asks first. */
export const LeaveAsked: Story = {
  args: {
    value: { loaded: 'idle' },
    context: twoTeams,
    ...(annaTeam && { asked: annaTeam }),
  },
};
/** Confirmed: the team is being left; every Leave team waits. */
export const Leaving: Story = {
  args: {
    value: { loaded: 'leaving' },
    context: { ...twoTeams, leaving: annaTeam ?? null },
  },
};
/** The leave was refused: the team stays listed with an error, to try again. */
export const LeaveFailed: Story = {
  args: {
    value: { loaded: 'leaveFailed' },
    context: { ...twoTeams, leaving: annaTeam ?? null },
  },
};
