import { fromPromise } from 'xstate';
import { acceptInvitation, declineInvitation, fetchInvitationLink } from '../api/teams.api.ts';
import { teamInvitationMachine } from '../../machines/team-invitation.machine.ts';

/**
 * The invitation page's machine for one link, read with the address signed in in this
 * browser (null: nobody). Every refusal is the page's own (each
 * has a page of its own, or the offer's message), so none goes to the toast.
 */
export function liveTeamInvitationMachine(token: string, signedInEmail: string | null) {
  return teamInvitationMachine.provide({
    actors: {
      loadInvitation: fromPromise(async ({ signal }) => ({
        link: await fetchInvitationLink(token, signal),
        signedInEmail,
      })),
      acceptInvitation: fromPromise(({ signal }) => acceptInvitation(token, signal)),
      declineInvitation: fromPromise(({ signal }) => declineInvitation(token, signal)),
    },
  });
}
