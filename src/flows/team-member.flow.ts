import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { fetchMemberTeams } from '../api/teams.api.ts';
import { teamMemberMachine } from '../../machines/team-member.machine.ts';

export const liveTeamMemberMachine = teamMemberMachine.provide({
  actors: {
    fetchMemberTeams: fromPromise(async ({ signal }) => {
      try {
        return await fetchMemberTeams(signal);
      } catch (error) {
        // Failures nobody subscribes to reach the global handler (a toast), then the machine.
        if (error instanceof ApiError) dispatchErrors(error.items);
        throw error;
      }
    }),
  },
});
