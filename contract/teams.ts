import * as v from 'valibot';
import { Locale } from './countries.ts';
import { Email } from './identity.ts';
import { isOneOf } from './one-of.ts';

/*
 * Teams (sections 2, 3, 6 and 7; decision 0016). A premium user owns one team; its
 * members gain the premium plan through it while the owner's own subscription is premium
 * and the team is within its `max_size`.
 *
 * - GET /api/v1/team/ answers the signed-in user's own Team. A user who has never saved a
 *   team gets one holding only themselves (nothing is stored until the first PATCH).
 * - PATCH /api/v1/team/ takes a TeamUpdate (the members' guids; the owner is always kept,
 *   whether listed or not) and answers the saved Team. Only a user whose own plan is
 *   premium may save (403 `premium_required`); every guid must be an existing user
 *   (400 `invalid_input` at pointer `users`). More users than `max_size` may be saved:
 *   the team then withholds premium from its members until users are removed.
 * - GET /api/v1/teams/ answers TeamList: the teams the user is a member of but does not
 *   own, without disabled ones.
 * - DELETE /api/v1/teams/{owner_id}/membership/ (owner_id: the owner's `portal_guid`): the
 *   signed-in user leaves that team, answering 204. The owner cannot leave their own
 *   team (403 `owner_cannot_leave`); a user who is not a member gets 404 `not_found`.
 * - GET /api/v1/users/?username= answers the one UserLookup with exactly that username
 *   (404 `user_not_found` otherwise); throttled, never a listing.
 *
 * Invitations by e-mail (decision 0602):
 * - GET /api/v1/team/invitations/ answers the own team's pending Invitations.
 * - POST /api/v1/team/invitations/ takes an InvitationRequest and answers the new
 *   Invitation (201); the invitee gets a mail with accept and decline links, valid 7 days.
 *   A pending invitation takes a seat: a team whose users and pending invitations fill
 *   `max_size` refuses with 409 `team_full`.
 * - DELETE /api/v1/team/invitations/{id}/ revokes one (204); POST .../{id}/resend/ mails
 *   a new link that replaces the old one (at most once a minute and 5 times an hour).
 * - GET /api/v1/invitations/{token}/ answers what the link is (InvitationLink);
 *   POST .../accept/ (signed in with the invited address) and POST .../decline/ (no
 *   sign-in) end it. Expired: 409 `invitation_expired`; accepted, declined or revoked:
 *   409 `invitation_used`; another account: 403 `invitation_other_account`; a token that
 *   was never valid (or was replaced by a resend): 404 `not_found`.
 */

export const TEAM_USERS_MAX = 100;

/** `{product}_guid` of section 3: the product's public id of a user. */
export const TeamUser = v.object({
  portal_guid: v.string(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  owner: v.boolean(),
});
export type TeamUser = v.InferOutput<typeof TeamUser>;

export const teamStatuses = ['active', 'disabled'] as const;
export const TeamStatus = v.picklist(teamStatuses);
export type TeamStatus = v.InferOutput<typeof TeamStatus>;

export const Team = v.object({
  users: v.array(TeamUser),
  max_size: v.number(),
  /** The owner's `portal_guid`. */
  owner_id: v.string(),
  owner_username: v.string(),
  /** `disabled` while the owner's own plan is not premium. */
  team_status: TeamStatus,
  /** True when the signed-in user owns the team. */
  owned_by_target_user: v.boolean(),
});
export type Team = v.InferOutput<typeof Team>;

export const TeamList = v.array(Team);
export type TeamList = v.InferOutput<typeof TeamList>;

export const TeamUpdate = v.object({
  users: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(TEAM_USERS_MAX)),
});
export type TeamUpdate = v.InferOutput<typeof TeamUpdate>;

export const UserLookup = v.object({
  portal_guid: v.string(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
});
export type UserLookup = v.InferOutput<typeof UserLookup>;

/**
 * The codes the team calls send besides the common ones; the SPA owns their words.
 * `premium_required`: saving a team needs the user's own premium plan (403);
 * `user_not_found`: no account has exactly that username (404);
 * `owner_cannot_leave`: the owner asked to leave their own team (403);
 * `team_full`: the users and pending invitations fill the team's seats (409);
 * `already_member`: the invited address is a user of the team already (409, at `email`);
 * `already_invited`: the address has a pending invitation to the team (409, at `email`);
 * `invitation_expired`: the link is older than 7 days (409);
 * `invitation_used`: the invitation was accepted, declined or revoked (409);
 * `invitation_other_account`: the signed-in account is not the invited address (403).
 */
export const teamErrorCodes = [
  'premium_required',
  'user_not_found',
  'owner_cannot_leave',
  'team_full',
  'already_member',
  'already_invited',
  'invitation_expired',
  'invitation_used',
  'invitation_other_account',
] as const;
export type TeamErrorCode = (typeof teamErrorCodes)[number];

export function isTeamErrorCode(code: string): code is TeamErrorCode {
  return isOneOf(teamErrorCodes, code);
}

/** Whether a team has more users than it may (the owner tab's red dot). */
export function overLimit(team: Pick<Team, 'users' | 'max_size'>): boolean {
  return team.users.length > team.max_size;
}

/** How long an invitation's link works, and how often its mail may be sent again. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_RESEND_AFTER_MS = 60 * 1000;
export const INVITATION_RESENDS_PER_HOUR = 5;

export const InvitationRequest = v.object({
  email: Email,
  /** The language of the mail and its pages, chosen by the owner. */
  locale: Locale,
});
export type InvitationRequest = v.InferOutput<typeof InvitationRequest>;

/** A pending invitation as its team's owner sees it. */
export const Invitation = v.object({
  id: v.string(),
  email: v.string(),
  locale: Locale,
  /** ISO times: sent (the newest mail), when its link ends, when it may be sent again. */
  sent_at: v.string(),
  expires_at: v.string(),
  resend_at: v.string(),
  /** True once `expires_at` has passed: the link no longer works and no seat is held. */
  expired: v.boolean(),
});
export type Invitation = v.InferOutput<typeof Invitation>;

export const InvitationList = v.array(Invitation);
export type InvitationList = v.InferOutput<typeof InvitationList>;

export const invitationLinkStates = ['pending', 'expired', 'used'] as const;

/** What an invitation link is, for its page: the team's owner and the invited address. */
export const InvitationLink = v.object({
  state: v.picklist(invitationLinkStates),
  owner_username: v.string(),
  email: v.string(),
});
export type InvitationLink = v.InferOutput<typeof InvitationLink>;

/** The answer of an accepted invitation: the team now joined. */
export const InvitationAccepted = v.object({ owner_id: v.string(), owner_username: v.string() });
export type InvitationAccepted = v.InferOutput<typeof InvitationAccepted>;
