import * as v from 'valibot';
import { Team, TeamList, UserLookup } from '../../contract/teams.ts';
import { call } from './client.ts';
import { readPaths } from '../../contract/page-reads.ts';

/** Section 7: the signed-in user's own team (just themselves before the first save). */
export function fetchOwnTeam(signal?: AbortSignal) {
  return call('v1/team/', Team, { signal, useCase: 'get_team' });
}

/**
 * Section 7: the team becomes exactly these members (by `portal_guid`); the server keeps
 * the owner whether listed or not. The answer is the saved team.
 */
export function saveTeam(users: readonly string[], signal?: AbortSignal) {
  return call('v1/team/', Team, {
    method: 'PATCH',
    body: { users: [...users] },
    signal,
    useCase: 'update_team',
  });
}

/** Section 7: the teams the user is a member of but does not own. */
export function fetchMemberTeams(signal?: AbortSignal) {
  return call(readPaths.teams, TeamList, { signal, useCase: 'get_teams' });
}

/**
 * Issue 30: the signed-in user leaves the team of the owner with this guid (204). The
 * owner cannot leave their own team (403 owner_cannot_leave); 404 when not a member.
 */
export async function leaveTeam(ownerId: string, signal?: AbortSignal) {
  await call(`v1/teams/${encodeURIComponent(ownerId)}/membership/`, v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'leave_team',
  });
}

/** Section 7: the one user with exactly this username (404 user_not_found otherwise). */
export function lookupUser(username: string, signal?: AbortSignal) {
  return call('v1/users/', UserLookup, { query: { username }, signal, useCase: 'lookup_user' });
}
