import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { fetchOwnTeam, givenOwnTeam, lookupUser, saveTeam } from '../api/teams.api.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import {
  PremiumRequired,
  teamOwnerMachine,
  type TeamOwnerInput,
} from '../../machines/team-owner.machine.ts';
import { claimFieldErrors } from './field-errors.ts';

function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

/**
 * The username field is the subscriber for the lookup's errors: no such user (404,
 * pointer-less) and whatever names the field; the rest go to the global handler.
 */
function claimLookupErrors(error: unknown): unknown {
  if (error instanceof ApiError && error.code === 'user_not_found') {
    return new FieldErrors([{ field: 'username', code: error.code, detail: error.message }]);
  }
  return claimFieldErrors(error, ['username']);
}

/**
 * A save refused for the plan means the owner's premium ended: the page offers the
 * upgrade instead of a toast. The list's own refusal (pointer `users`) stays at the list.
 */
function claimSaveErrors(error: unknown): unknown {
  if (error instanceof ApiError && error.code === 'premium_required') return new PremiumRequired();
  return claimFieldErrors(error, ['users']);
}

export const liveTeamOwnerMachine = teamOwnerMachine.provide({
  actors: {
    fetchOwnTeam: fromPromise(({ signal }) => fetchOwnTeam(signal).catch(report)),
    lookupUser: fromPromise(async ({ input, signal }) => {
      try {
        return await lookupUser(input.username, signal);
      } catch (error) {
        throw claimLookupErrors(error);
      }
    }),
    saveTeam: fromPromise(async ({ input, signal }) => {
      try {
        return await saveTeam(input.users, signal);
      } catch (error) {
        throw claimSaveErrors(error);
      }
    }),
  },
});

/** The tab's input: the own team, if the page brought it. */
export const teamOwnerInput = (): TeamOwnerInput => ({ team: givenOwnTeam() });
