import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { Team } from '../../contract/teams.ts';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import { memberTeamsOf } from '../../machines/member-teams.ts';
import { teamMemberMachine } from '../../machines/team-member.machine.ts';
import { MemberView } from '../../src/views/teams/team-member.view.tsx';
import { Providers } from '../render/providers.tsx';
import {
  describeMachinePaths,
  internalEvents,
  outputOf,
  type StepRow,
  type Outcome,
} from './path-harness.ts';

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
const namesOf = (list: readonly Team[]) => list.map((t) => t.owner_username);

/** The listed teams keep the answer's order, less the ones left: ann, eve, or eve alone. */
const LISTED = [['ann', 'eve'], ['ann'], ['eve']];
const closed = confirmMachine.resolveState({ value: 'closed' });
const leaveButtons = () => screen.queryAllByRole('button', { name: /Leave team|Leaving…/ });
const cardOf = (owner: string) => {
  const card = screen.getByRole('heading', { name: `Team of ${owner}` }).closest('li');
  if (!card) throw new Error(`no card of ${owner}`);
  return within(card);
};

/** Section 2, Teams, member tab: the teams of others, active ones only, in the answer's order. */
const othersActive = (list: readonly Team[]) =>
  list.filter((t) => !t.owned_by_target_user && t.team_status === 'active');
type MemberSnapshot = SnapshotFrom<typeof teamMemberMachine>;
/** Leave team: only a listed team is left; the one being left waits for the server. */
const leave: StepRow<MemberSnapshot, unknown> = ({ context, value }, event) => {
  const here = `loaded.${(value as { loaded: string }).loaded}`;
  const { ownerId } = event as { ownerId: string };
  const listed = context.teams.find((t) => t.owner_id === ownerId);
  if (!listed) return { to: here };
  return { to: 'loaded.leaving', set: { leaving: listed }, starts: { leaveTeam: { ownerId } } };
};

describeMachinePaths(teamMemberMachine, {
  paths: 13,
  // Decision 0034: the teams the page brought show at once, or that there are none.
  starts: {
    'the page brought them': { input: { teams }, at: 'loaded' },
    'the page brought only hidden ones': { input: { teams: onlyHidden }, at: 'empty' },
  },
  // Section 2 (Teams, member tab): the teams load; leaving one takes it off the list,
  // the last one leaves the tab empty; a refused leave keeps the team listed.
  steps: {
    loading: {
      'done: fetchMemberTeams': (_, event): Outcome<MemberSnapshot['context']> => {
        const listed = othersActive(outputOf<Team[]>(event));
        return listed.length === 0
          ? { to: 'empty' }
          : { to: 'loaded.idle', set: { teams: listed } };
      },
      'error: fetchMemberTeams': { to: 'failed' },
    },
    failed: {
      'teams.retry': { to: 'loading', starts: { fetchMemberTeams: undefined } },
    },
    'loaded.idle': { 'team.leave': leave },
    'loaded.leaveFailed': { 'team.leave': leave },
    'loaded.leaving': {
      'done: leaveTeam': ({ context }) => {
        const left = context.teams.filter((t) => t.owner_id !== context.leaving?.owner_id);
        return {
          to: left.length === 0 ? 'empty' : 'loaded.idle',
          set: { teams: left, leaving: null },
        };
      },
      // Refused: the team stays listed, and stays the one named in the error.
      'error: leaveTeam': { to: 'loaded.leaveFailed' },
    },
  },
  events: (snapshot) => [
    { type: 'teams.retry' },
    // Leave a listed team, and one that is not listed (the own, a disabled, an unknown).
    ...['ann', 'eve', 'me', 'bob', 'nobody'].map((owner) => ({
      type: 'team.leave' as const,
      ownerId: `guid-of-${owner}`,
    })),
    ...internalEvents(snapshot, { fetchMemberTeams: { output: [teams, onlyHidden, []] } }),
  ],
  serialize: (snapshot) => ({
    teams: namesOf(snapshot.context.teams),
    leaving: snapshot.context.leaving?.owner_username ?? null,
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    loaded: (snapshot) => {
      expect(LISTED).toContainEqual(namesOf(snapshot.context.teams));
      // Only a listed team may be left.
      for (const owner of ['me', 'bob', 'nobody']) {
        expect(snapshot.can({ type: 'team.leave', ownerId: `guid-of-${owner}` })).toBe(false);
      }
    },
    'loaded.idle': (snapshot) => {
      expect(snapshot.context.leaving).toBeNull();
      expect(snapshot.hasTag('busy')).toBe(false);
      for (const listed of snapshot.context.teams) {
        expect(snapshot.can({ type: 'team.leave', ownerId: listed.owner_id })).toBe(true);
      }
    },
    'loaded.leaving': (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      const { leaving, teams: listed } = snapshot.context;
      // The team being left stays listed until the server said so; no second leave meanwhile.
      expect(listed).toContainEqual(leaving);
      for (const other of listed) {
        expect(snapshot.can({ type: 'team.leave', ownerId: other.owner_id })).toBe(false);
      }
    },
    'loaded.leaveFailed': (snapshot) => {
      const { leaving, teams: listed } = snapshot.context;
      expect(listed).toContainEqual(leaving);
      expect(snapshot.can({ type: 'team.leave', ownerId: leaving?.owner_id ?? '' })).toBe(true);
    },
    empty: (snapshot) => {
      expect(snapshot.context.teams).toEqual([]);
      expect(snapshot.context.leaving).toBeNull();
    },
    failed: (snapshot) => expect(snapshot.can({ type: 'teams.retry' })).toBe(true),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <MemberView
          snapshot={snapshot}
          send={() => {}}
          confirm={closed}
          sendConfirm={() => {}}
          asked={null}
          onAsk={() => {}}
        />
      </Providers>
    ),
    states: {
      loading: () => screen.getByText('Loading your teams…'),
      empty: () => {
        screen.getByText(/You are not a member of anyone else's team yet/);
        expect(leaveButtons()).toEqual([]);
      },
      failed: () => screen.getByRole('button', { name: 'Try again' }),
      loaded: (snapshot) => {
        const shown = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
        expect(shown).toEqual(namesOf(snapshot.context.teams).map((owner) => `Team of ${owner}`));
        // The question is the page's confirm machine's: closed here.
        expect(screen.queryByRole('alertdialog')).toBeNull();
      },
      'loaded.idle': (snapshot) => {
        const names = namesOf(snapshot.context.teams);
        for (const owner of names) {
          expect(cardOf(owner).getByRole('button', { name: 'Leave team' })).toHaveProperty(
            'disabled',
            false,
          );
        }
        expect(leaveButtons()).toHaveLength(names.length);
        expect(screen.queryByText("Couldn't leave the team. Please try again.")).toBeNull();
      },
      'loaded.leaving': (snapshot) => {
        const leaving = snapshot.context.leaving?.owner_username ?? '';
        expect(cardOf(leaving).getByRole('button', { name: /Leaving…/ })).toHaveProperty(
          'disabled',
          true,
        );
        for (const button of leaveButtons()) expect(button).toHaveProperty('disabled', true);
      },
      'loaded.leaveFailed': (snapshot) => {
        const leaving = snapshot.context.leaving?.owner_username ?? '';
        cardOf(leaving).getByText("Couldn't leave the team. Please try again.");
        expect(screen.getAllByText("Couldn't leave the team. Please try again.")).toHaveLength(1);
        for (const button of leaveButtons()) expect(button).toHaveProperty('disabled', false);
      },
    },
  },
});

describe('memberTeamsOf', () => {
  it('keeps the non-owned active teams in their order', () => {
    expect(memberTeamsOf(teams)).toEqual([ann, teams[3]]);
    expect(memberTeamsOf(onlyHidden)).toEqual([]);
  });
});

describe('leaving a team', () => {
  it('asks the server to leave the chosen team, by its owner guid, and announces it', async () => {
    const sent: string[] = [];
    const actor = createActor(
      teamMemberMachine.provide({
        actors: {
          fetchMemberTeams: fromPromise(async () => teams),
          leaveTeam: fromPromise<void, { ownerId: string }>(async ({ input }) => {
            sent.push(input.ownerId);
          }),
        },
      }),
      { input: {} },
    );
    const left: string[] = [];
    actor.on('left', (event) => left.push(event.type));
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'team.leave', ownerId: 'guid-of-eve' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['guid-of-eve']);
    expect(left).toEqual(['left']);
    expect(namesOf(actor.getSnapshot().context.teams)).toEqual(['ann']);
    actor.stop();
  });
});
