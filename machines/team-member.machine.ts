import { assign, fromPromise, setup } from 'xstate';
import type { Team } from '../contract/teams.ts';
import { memberTeamsOf } from './member-teams.ts';

export interface TeamMemberContext {
  teams: Team[];
}

export type TeamMemberEvent = { type: 'teams.retry' };

/**
 * The member tab (/teammanage/member, section 2): loads the teams the user is a
 * member of but does not own, once. An empty list says so; a failed load may be
 * retried. No timeouts.
 */
export const teamMemberMachine = setup({
  types: {
    context: {} as TeamMemberContext,
    events: {} as TeamMemberEvent,
  },
  actors: {
    fetchMemberTeams: fromPromise<Team[]>(async () => {
      throw new Error('fetchMemberTeams is provided by the app');
    }),
  },
  guards: {
    isEmpty: (_, params: { teams: Team[] }) => memberTeamsOf(params.teams).length === 0,
  },
  actions: {
    keepTeams: assign({ teams: (_, params: { teams: Team[] }) => memberTeamsOf(params.teams) }),
  },
}).createMachine({
  id: 'teamMember',
  context: { teams: [] },
  initial: 'loading',
  states: {
    loading: {
      description: 'The teams the user is a member of load.',
      tags: ['busy'],
      invoke: {
        id: 'fetchMemberTeams',
        src: 'fetchMemberTeams',
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ teams: event.output }) },
            target: 'empty',
          },
          {
            target: 'loaded',
            actions: { type: 'keepTeams', params: ({ event }) => ({ teams: event.output }) },
          },
        ],
        onError: 'failed',
      },
    },
    loaded: { description: 'Non-owned teams.' },
    empty: { description: 'The user is in no other team.' },
    failed: {
      description: 'The teams could not be loaded, with Try again.',
      on: { 'teams.retry': 'loading' },
    },
  },
});
