import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { fetchMemberTeams, givenTeams, leaveTeam } from '../api/teams.api.ts';
import { teamMemberMachine, type TeamMemberInput } from '../../machines/team-member.machine.ts';

/** Failures nobody subscribes to reach the global handler (a toast), then the machine. */
function reported(error: unknown): unknown {
  if (error instanceof ApiError) dispatchErrors(error.items);
  return error;
}

export const liveTeamMemberMachine = teamMemberMachine.provide({
  actors: {
    fetchMemberTeams: fromPromise(async ({ signal }) => {
      try {
        return await fetchMemberTeams(signal);
      } catch (error) {
        throw reported(error);
      }
    }),
    leaveTeam: fromPromise<void, { ownerId: string }>(async ({ input, signal }) => {
      try {
        await leaveTeam(input.ownerId, signal);
      } catch (error) {
        // 404: no longer a member (left in another tab, or removed by the owner): the
        // team is gone as the user asked, so it leaves the list without an error.
        if (error instanceof ApiError && error.status === 404) return;
        throw reported(error);
      }
    }),
  },
});

/** The tab's input: the user's teams, if the page brought them. */
export const teamMemberInput = (): TeamMemberInput => ({ teams: givenTeams() });
