import { Stack } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Team, TeamUser } from '../contract/teams.ts';
import { confirmMachine } from '../machines/confirm.machine.ts';
import { draftOfferMachine } from '../machines/draft-offer.machine.ts';
import { teamMemberMachine, type TeamMemberContext } from '../machines/team-member.machine.ts';
import {
  savedOverLimit,
  teamOwnerMachine,
  type TeamOwnerContext,
} from '../machines/team-owner.machine.ts';
import { MemberView } from '../src/views/teams/team-member.view.tsx';
import { OwnerView } from '../src/views/teams/team-owner.view.tsx';
import { TabsView } from '../src/views/teams/tabs.view.tsx';

const user = (n: number, username: string, first: string, last: string): TeamUser => ({
  portal_guid: `00000000-0000-4000-8000-00000000000${n}`,
  username,
  first_name: first,
  last_name: last,
  owner: n === 1,
});
const owner = user(1, 'anna.k', 'Anna', 'Kowalski');
const boris = user(2, 'boris_p', 'Boris', 'Petrov');
const chen = user(3, 'chen.li', 'Chen', 'Li');
const dora = user(4, 'dora', 'Dora', 'Schmidt');
const members = [boris, chen, dora];
const team = (users: TeamUser[], extra: Partial<Team> = {}): Team => ({
  users,
  max_size: 5,
  owner_id: owner.portal_guid,
  owner_username: owner.username,
  team_status: 'active',
  owned_by_target_user: true,
  ...extra,
});
const small = team([owner, boris, chen]);
const over = team([owner, ...members], { max_size: 2 });

const editing = (users: TeamUser[], saved: Team = small): TeamOwnerContext => ({
  team: saved,
  users,
  username: '',
  usernameError: null,
  serverErrors: {},
});
const none: TeamOwnerContext = {
  team: null,
  users: [],
  username: '',
  usernameError: null,
  serverErrors: {},
};

type OwnerValue = SnapshotFrom<typeof teamOwnerMachine>['value'];
type MemberValue = SnapshotFrom<typeof teamMemberMachine>['value'];
type Args =
  | {
      tab: 'owner';
      value: OwnerValue;
      context: TeamOwnerContext;
      /** Members kept when the session ended, offered above the team (decision 0025). */
      kept?: TeamUser[];
    }
  | {
      tab: 'member';
      value: MemberValue;
      context: TeamMemberContext;
      ownOverLimit?: boolean;
      /** The Leave team question is open about this team (the page's confirm machine). */
      asked?: Team;
    };

/** /teammanage: the tabs, and every state of the owner and member machines. */
const meta = {
  title: 'Flows/Teams',
  render: (args: Args) => {
    if (args.tab === 'member') {
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
    }
    const snapshot = teamOwnerMachine.resolveState({ value: args.value, context: args.context });
    return (
      <Stack gap="6">
        <TabsView overLimit={savedOverLimit(args.context)} />
        <OwnerView
          snapshot={snapshot}
          send={() => {}}
          draft={
            args.kept && {
              snapshot: draftOfferMachine.resolveState({
                value: 'offered',
                context: { draft: { users: args.kept, username: '' } },
              }),
              send: () => {},
            }
          }
        />
      </Stack>
    );
  },
  args: {
    tab: 'owner',
    value: { editing: { ready: 'idle' } },
    context: editing(small.users),
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const Loading: Story = { args: { value: 'loading', context: none } };
export const Unavailable: Story = { args: { value: 'unavailable', context: none } };
/** Free or mini: a team is offered with the upgrade. */
export const UpgradeOffered: Story = {
  args: {
    value: 'upgradeOffered',
    context: editing([owner], team([owner], { team_status: 'disabled' })),
  },
};
/** Premium ended: the team's members are listed under the offer. */
export const UpgradeOfferedWithMembers: Story = {
  args: {
    value: 'upgradeOffered',
    context: editing(small.users, team(small.users, { team_status: 'disabled' })),
  },
};
export const Editing: Story = {};
export const OnlyTheOwner: Story = { args: { context: editing([owner], team([owner])) } };
export const UnsavedChanges: Story = {
  args: { context: editing([owner, boris]) },
};
/** Back after the session ended in another tab: the members edited then, offered back. */
export const KeptChangesOffered: Story = {
  args: { context: editing([owner], team([owner])), kept: [owner, boris] },
};
/** Saved over its limit: the red dot on the owner tab, and the warning. */
export const OverLimit: Story = { args: { context: editing(over.users, over) } };
export const UsernameRequired: Story = {
  args: { context: { ...editing(small.users), usernameError: 'required' } },
};
export const UsernameInvalid: Story = {
  args: { context: { ...editing(small.users), username: 'no such!', usernameError: 'username' } },
};
export const AlreadyInTheTeam: Story = {
  args: {
    context: { ...editing(small.users), username: 'boris_p', usernameError: 'already_member' },
  },
};
export const UserNotFound: Story = {
  args: {
    context: {
      ...editing(small.users),
      username: 'nobody',
      usernameError: { field: 'username', code: 'user_not_found', detail: 'Not found' },
    },
  },
};
export const LookingUp: Story = {
  args: { value: { editing: 'lookingUp' }, context: { ...editing(small.users), username: 'dora' } },
};
export const Saving: Story = {
  args: { value: { editing: 'saving' }, context: editing([...small.users, dora]) },
};
export const Saved: Story = {
  args: { value: { editing: { ready: 'saved' } } },
};
export const SaveFailed: Story = {
  args: {
    value: { editing: { ready: 'failed' } },
    context: editing([...small.users, dora]),
  },
};
/** The server refused the list (an account in it is gone). */
export const ListRefused: Story = {
  args: {
    context: {
      ...editing([...small.users, dora]),
      serverErrors: {
        users: { field: 'users', code: 'invalid_input', detail: 'Entered data is not valid.' },
      },
    },
  },
};

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
export const MemberLoading: Story = {
  args: { tab: 'member', value: 'loading', context: { teams: [], leaving: null } },
};
export const MemberEmpty: Story = {
  args: { tab: 'member', value: 'empty', context: { teams: [], leaving: null } },
};
export const MemberFailed: Story = {
  args: { tab: 'member', value: 'failed', context: { teams: [], leaving: null } },
};
/** One team within its limit, one over it; the own team over its limit too. */
export const MemberOfTeams: Story = {
  args: {
    tab: 'member',
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
export const MemberLeaveAsked: Story = {
  args: {
    tab: 'member',
    value: { loaded: 'idle' },
    context: twoTeams,
    ...(annaTeam && { asked: annaTeam }),
  },
};
/** Confirmed: the team is being left; every Leave team waits. */
export const MemberLeaving: Story = {
  args: {
    tab: 'member',
    value: { loaded: 'leaving' },
    context: { ...twoTeams, leaving: annaTeam ?? null },
  },
};
/** The leave was refused: the team stays listed with an error, to try again. */
export const MemberLeaveFailed: Story = {
  args: {
    tab: 'member',
    value: { loaded: 'leaveFailed' },
    context: { ...twoTeams, leaving: annaTeam ?? null },
  },
};
