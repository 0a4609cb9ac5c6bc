import { assign, emit, fromPromise, setup } from 'xstate';
import type { Team } from '../contract/teams.ts';
import { memberTeamsOf } from './member-teams.ts';
import { ifOutput, withOutput } from './event-params.ts';
import { givenAtStart, loadState, retryState, startAnswer, startGiven } from './load-parts.ts';

export interface TeamMemberContext {
  teams: Team[];
  /** The team being left, or whose leave failed last; null otherwise. */
  leaving: Team | null;
}

export interface TeamMemberInput {
  /** The user's teams, when the page brought them: the list shows at once. */
  teams?: Team[];
}

export type TeamMemberEvent =
  | { type: 'teams.retry' }
  /** Sent once the user confirmed (the page's confirm machine): leave the team of that owner. */
  | { type: 'team.leave'; ownerId: string };

/** The teams left after leaving the team of `ownerId`. */
function without(teams: readonly Team[], ownerId: string): Team[] {
  return teams.filter((team) => team.owner_id !== ownerId);
}

/**
 * The member tab (/teammanage/member, section 2): loads the teams the user is a member of
 * but does not own, once. An empty list says so; a failed load may be retried. A listed
 * team may be left (issue 30, point 11) once the page's confirm machine was accepted:
 * while it is left the list is busy; the team then goes from the list (the last one
 * leaves the list empty); a refusal keeps it listed with an error, and it may be tried
 * again. No timeouts.
 */
export const teamMemberMachine = setup({
  types: {
    context: {} as TeamMemberContext,
    events: {} as TeamMemberEvent,
    input: {} as TeamMemberInput,
    /** `left`: a team was left; the app reads the session again (its plan may be lower). */
    emitted: {} as { type: 'left' },
  },
  actors: {
    fetchMemberTeams: fromPromise<Team[]>(async () => {
      throw new Error('fetchMemberTeams is provided by the app');
    }),
    leaveTeam: fromPromise<void, { ownerId: string }>(async () => {
      throw new Error('leaveTeam is provided by the app');
    }),
  },
  guards: {
    isEmpty: (_, params: { teams: Team[] }) => memberTeamsOf(params.teams).length === 0,
    givenAtStart,
    // The teams the page brought hold none the user is only a member of (at the start).
    givenEmpty: ({ event }) => {
      const teams = startAnswer<Team[]>(event, 'teams');
      return teams !== undefined && memberTeamsOf(teams).length === 0;
    },
    isListed: ({ context }, params: { ownerId: string }) =>
      context.teams.some((team) => team.owner_id === params.ownerId),
    isLastLeft: ({ context }) =>
      context.leaving !== null && without(context.teams, context.leaving.owner_id).length === 0,
  },
  actions: {
    keepTeams: assign({ teams: (_, params: { teams: Team[] }) => memberTeamsOf(params.teams) }),
    chooseTeam: assign({
      leaving: ({ context }, params: { ownerId: string }) =>
        context.teams.find((team) => team.owner_id === params.ownerId) ?? null,
    }),
    dropLeftTeam: assign(({ context }) => ({
      teams: context.leaving ? without(context.teams, context.leaving.owner_id) : context.teams,
      leaving: null,
    })),
    announceLeft: emit({ type: 'left' as const }),
  },
}).createMachine({
  id: 'teamMember',
  context: { teams: [], leaving: null },
  initial: 'loading',
  states: {
    loading: loadState(
      'fetchMemberTeams',
      'The teams the user is a member of load.',
      [ifOutput('isEmpty', 'teams', 'empty'), withOutput('loaded', 'keepTeams', 'teams')],
      'failed',
      [{ guard: 'givenEmpty', target: 'empty' }, startGiven('teams', 'loaded', 'keepTeams')],
    ),
    loaded: {
      description: 'Non-owned teams, each with Leave team.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The teams; Leave team asks first (the confirm machine).',
          on: {
            'team.leave': {
              guard: { type: 'isListed', params: ({ event }) => ({ ownerId: event.ownerId }) },
              target: 'leaving',
              actions: { type: 'chooseTeam', params: ({ event }) => ({ ownerId: event.ownerId }) },
            },
          },
        },
        leaving: {
          description: 'The confirmed team is being left; every Leave team waits.',
          tags: ['busy'],
          invoke: {
            id: 'leaveTeam',
            src: 'leaveTeam',
            input: ({ context }) => ({ ownerId: context.leaving?.owner_id ?? '' }),
            onDone: [
              {
                guard: 'isLastLeft',
                target: '#teamMember.empty',
                actions: ['dropLeftTeam', 'announceLeft'],
              },
              { target: 'idle', actions: ['dropLeftTeam', 'announceLeft'] },
            ],
            onError: 'leaveFailed',
          },
        },
        leaveFailed: {
          description: 'The leave was refused: the team stays listed with an error.',
          on: {
            'team.leave': {
              guard: { type: 'isListed', params: ({ event }) => ({ ownerId: event.ownerId }) },
              target: 'leaving',
              actions: { type: 'chooseTeam', params: ({ event }) => ({ ownerId: event.ownerId }) },
            },
          },
        },
      },
    },
    empty: { description: 'The user is in no other team.' },
    failed: retryState('teams.retry', 'The teams could not be loaded, with Try again.'),
  },
});
