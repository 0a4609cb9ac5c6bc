import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import {
  fetchInvitations,
  givenInvitations,
  inviteToTeam,
  resendInvitation,
  revokeInvitation,
} from '../api/teams.api.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import { teamInviteMachine, type TeamInviteInput } from '../../machines/team-invite.machine.ts';
import { claimFieldErrors } from './field-errors.ts';

function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

/** The refusals of the team as a whole that the invite form shows itself. */
const TEAM_CODES = new Set(['team_full', 'premium_required']);

/**
 * The invite form is the subscriber for its fields (`email`, `locale`) and for the
 * team's refusals (a full team, no premium); the rest go to the global handler.
 */
function claimInviteErrors(error: unknown): unknown {
  if (error instanceof ApiError && TEAM_CODES.has(error.code)) {
    return new FieldErrors([{ field: 'team', code: error.code, detail: error.message }]);
  }
  return claimFieldErrors(error, ['email', 'locale']);
}

/** The row's own refusals stay at the row; the rest go to the global handler too. */
const ROW_CODES = new Set(['not_found', 'resend_too_early', 'too_many_requests']);
function claimRowErrors(error: unknown): unknown {
  if (error instanceof ApiError && !ROW_CODES.has(error.code)) dispatchErrors(error.items);
  return error;
}

export const liveTeamInviteMachine = teamInviteMachine.provide({
  actors: {
    fetchInvitations: fromPromise(({ signal }) => fetchInvitations(signal).catch(report)),
    invite: fromPromise(async ({ input, signal }) => {
      try {
        return await inviteToTeam(input, signal);
      } catch (error) {
        throw claimInviteErrors(error);
      }
    }),
    revokeInvitation: fromPromise(async ({ input, signal }) => {
      try {
        await revokeInvitation(input.id, signal);
      } catch (error) {
        throw claimRowErrors(error);
      }
    }),
    resendInvitation: fromPromise(async ({ input, signal }) => {
      try {
        return await resendInvitation(input.id, signal);
      } catch (error) {
        throw claimRowErrors(error);
      }
    }),
  },
});

/** The block's input: the page's language, and the invitations if the page brought them. */
export const teamInviteInput = (locale: TeamInviteInput['locale']): TeamInviteInput => ({
  locale,
  invitations: givenInvitations(),
});
