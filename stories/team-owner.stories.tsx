import { Stack } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import type { Team, TeamUser } from '../contract/teams.ts';
import { draftOfferMachine } from '../machines/draft-offer.machine.ts';
import {
  savedOverLimit,
  teamOwnerMachine,
  type TeamOwnerContext,
} from '../machines/team-owner.machine.ts';
import { OwnerView } from '../src/views/teams/team-owner.view.tsx';
import { TabsView } from '../src/views/teams/tabs.view.tsx';
import { teamUser as user } from '../test/fixtures/teams.ts';

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
interface Args {
  value: OwnerValue;
  context: TeamOwnerContext;
  /** Members kept when the session ended, offered above the team (decision 0025). */
  kept?: TeamUser[];
}

/** /teammanage, the owner tab: the tabs, and every state of the team owner's machine. */
const meta = {
  title: 'Flows/Teams/Owner',
  render: (args: Args) => {
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
