import * as v from 'valibot';
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
 * `owner_cannot_leave`: the owner asked to leave their own team (403).
 */
export const teamErrorCodes = ['premium_required', 'user_not_found', 'owner_cannot_leave'] as const;
export type TeamErrorCode = (typeof teamErrorCodes)[number];

export function isTeamErrorCode(code: string): code is TeamErrorCode {
  return isOneOf(teamErrorCodes, code);
}

/** Whether a team has more users than it may (the owner tab's red dot). */
export function overLimit(team: Pick<Team, 'users' | 'max_size'>): boolean {
  return team.users.length > team.max_size;
}
