import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { teamMembers, teams, users } from '../db/schema.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The user's teams as the personal-data export gives them: the team they own (null
 * before their first save) with its members as the team screen shows them, and the
 * teams they are a member of, named by their owners.
 */
export async function teamData(db: Database, userId: number) {
  const [own] = await db.select().from(teams).where(eq(teams.ownerId, userId));
  const members = own
    ? await db
        .select({
          portal_guid: users.portalGuid,
          username: users.username,
          first_name: users.firstName,
          last_name: users.lastName,
          addedAt: teamMembers.addedAt,
        })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, own.id))
        .orderBy(asc(teamMembers.addedAt), asc(users.id))
    : [];
  const memberships = await db
    .select({
      owner_guid: users.portalGuid,
      owner_username: users.username,
      addedAt: teamMembers.addedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.addedAt), asc(teams.id));
  return {
    own_team: own
      ? {
          max_size: own.maxSize,
          created_at: iso(own.createdAt),
          members: members.map(({ addedAt, ...member }) => ({
            ...member,
            added_at: iso(addedAt),
          })),
        }
      : null,
    memberships: memberships.map(({ addedAt, ...team }) => ({ ...team, added_at: iso(addedAt) })),
  };
}
