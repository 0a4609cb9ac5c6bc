import { describe, expect, it } from 'vitest';
import type { Team } from '../../contract/teams.ts';
import { memberTeamsOf } from '../../machines/member-teams.ts';
import { teamMemberMachine } from '../../machines/team-member.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const team = (owner: string, status: Team['team_status'], owned = false): Team => ({
  users: [],
  max_size: 5,
  owner_id: `guid-of-${owner}`,
  owner_username: owner,
  team_status: status,
  owned_by_target_user: owned,
});
const ann = team('ann', 'active');
// A stale answer: the own team and a disabled one are never listed.
const teams = [ann, team('me', 'active', true), team('bob', 'disabled'), team('eve', 'active')];
const onlyHidden = [team('me', 'active', true), team('bob', 'disabled')];

describeMachinePaths(teamMemberMachine, {
  events: (snapshot) => [
    { type: 'teams.retry' },
    ...internalEvents(snapshot, { fetchMemberTeams: { output: [teams, onlyHidden, []] } }),
  ],
  serialize: (snapshot) => ({ teams: snapshot.context.teams.map((t) => t.owner_username) }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    loaded: (snapshot) =>
      expect(snapshot.context.teams.map((t) => t.owner_username)).toEqual(['ann', 'eve']),
    empty: (snapshot) => expect(snapshot.context.teams).toEqual([]),
    failed: (snapshot) => expect(snapshot.can({ type: 'teams.retry' })).toBe(true),
  },
});

describe('memberTeamsOf', () => {
  it('keeps the non-owned active teams in their order', () => {
    expect(memberTeamsOf(teams)).toEqual([ann, teams[3]]);
    expect(memberTeamsOf(onlyHidden)).toEqual([]);
  });
});
