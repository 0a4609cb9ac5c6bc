import { eq, type AnyColumn } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { teams, users } from '../db/schema.ts';

/**
 * A team's owner as a member, an invited address or the personal-data export names
 * them: the owner's guid and username, selected from the `users` row that
 * `withTeamOwner` joins.
 */
export const OWNER_COLUMNS = { owner_guid: users.portalGuid, owner_username: users.username };

/**
 * A query of rows that name a team by `teamId` (a membership, an invitation), joined to
 * that team and to its owner's `users` row. Built on `.$dynamic()`.
 */
export function withTeamOwner<TQuery extends PgSelect>(query: TQuery, teamId: AnyColumn) {
  return query.innerJoin(teams, eq(teams.id, teamId)).innerJoin(users, eq(users.id, teams.ownerId));
}
