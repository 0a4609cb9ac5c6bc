import type { Team } from '../contract/teams.ts';

/**
 * The teams that count for a member (section 6): not owned by the user, not disabled.
 * The server answers only those; the list is filtered again so a stale answer cannot
 * show more. Used by the session (the team-plan flag) and the member tab.
 */
export function memberTeamsOf(teams: readonly Team[]): Team[] {
  return teams.filter((team) => !team.owned_by_target_user && team.team_status === 'active');
}
