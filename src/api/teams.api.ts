import * as v from 'valibot';
import {
  Invitation,
  InvitationAccepted,
  InvitationLink,
  InvitationList,
  Team,
  TeamList,
  UserLookup,
  type InvitationRequest,
} from '../../contract/teams.ts';
import { call, givenRead } from './client.ts';
import { readPaths } from '../../contract/page-reads.ts';

/** Section 7: the signed-in user's own team (just themselves before the first save). */
export function fetchOwnTeam(signal?: AbortSignal) {
  return call(readPaths.team, Team, { signal, useCase: 'get_team' });
}

/** The own team the page brought, if it did (`givenRead`). */
export const givenOwnTeam = () => givenRead(readPaths.team, Team);

/**
 * Section 7: the team becomes exactly these members (by `portal_guid`); the server keeps
 * the owner whether listed or not. The answer is the saved team.
 */
export function saveTeam(users: readonly string[], signal?: AbortSignal) {
  return call(readPaths.team, Team, {
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

/** The user's teams the page brought, if it did (`givenRead`). */
export const givenTeams = () => givenRead(readPaths.teams, TeamList);

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

/** Decision 0602: the own team's pending invitations. */
export function fetchInvitations(signal?: AbortSignal) {
  return call(readPaths.invitations, InvitationList, { signal, useCase: 'get_invitations' });
}

/** The pending invitations the page brought, if it did (`givenRead`). */
export const givenInvitations = () => givenRead(readPaths.invitations, InvitationList);

/** Decision 0602: invites an address; the mail goes in the language chosen. */
export function inviteToTeam(request: InvitationRequest, signal?: AbortSignal) {
  return call(readPaths.invitations, Invitation, {
    method: 'POST',
    body: request,
    signal,
    useCase: 'invite',
  });
}

/** Decision 0602: the owner withdraws a pending invitation (204). */
export async function revokeInvitation(id: string, signal?: AbortSignal) {
  await call(`v1/team/invitations/${encodeURIComponent(id)}/`, v.unknown(), {
    method: 'DELETE',
    signal,
    useCase: 'revoke_invitation',
  });
}

/** Decision 0602: mails a new link (at most once a minute, 5 times an hour). */
export function resendInvitation(id: string, signal?: AbortSignal) {
  return call(`v1/team/invitations/${encodeURIComponent(id)}/resend/`, Invitation, {
    method: 'POST',
    signal,
    useCase: 'resend_invitation',
  });
}

const linkPath = (token: string) => `v1/invitations/${encodeURIComponent(token)}/`;

/** Decision 0602: what an invitation mail's link is (no sign-in needed). */
export function fetchInvitationLink(token: string, signal?: AbortSignal) {
  return call(linkPath(token), InvitationLink, { signal, useCase: 'get_invitation_link' });
}

/** Decision 0602: the signed-in invited account joins the team. */
export function acceptInvitation(token: string, signal?: AbortSignal) {
  return call(`${linkPath(token)}accept/`, InvitationAccepted, {
    method: 'POST',
    signal,
    useCase: 'accept_invitation',
  });
}

/** Decision 0602: declines the invitation (no sign-in needed). */
export async function declineInvitation(token: string, signal?: AbortSignal) {
  await call(`${linkPath(token)}decline/`, v.unknown(), {
    method: 'POST',
    signal,
    useCase: 'decline_invitation',
  });
}
