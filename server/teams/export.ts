import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { teamInvitations, teamMembers, teams, users } from '../db/schema.ts';
import { OWNER_COLUMNS, withTeamOwner } from './owner.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The user's teams as the personal-data export gives them: the team they own (null
 * before their first save) with its members as the team screen shows them and the
 * invitations it sent (the addresses the owner typed, never a link's token), the teams
 * they are a member of, named by their owners, and the invitations sent to their
 * address, named by the inviting owner.
 */
export async function teamData(db: Database, user: { id: number; email: string }) {
  const userId = user.id;
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
  const memberships = await withTeamOwner(
    db
      .select({ ...OWNER_COLUMNS, addedAt: teamMembers.addedAt })
      .from(teamMembers)
      .$dynamic(),
    teamMembers.teamId,
  )
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.addedAt), asc(teams.id));
  const sent = own
    ? await db
        .select()
        .from(teamInvitations)
        .where(eq(teamInvitations.teamId, own.id))
        .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id))
    : [];
  const received = await withTeamOwner(
    db
      .select({ ...OWNER_COLUMNS, invitation: teamInvitations })
      .from(teamInvitations)
      .$dynamic(),
    teamInvitations.teamId,
  )
    .where(eq(teamInvitations.email, user.email.toLowerCase()))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return {
    own_team: own
      ? {
          max_size: own.maxSize,
          created_at: iso(own.createdAt),
          members: members.map(({ addedAt, ...member }) => ({
            ...member,
            added_at: iso(addedAt),
          })),
          invitations: sent.map((invitation) => ({
            email: invitation.email,
            ...invitationDates(invitation),
          })),
        }
      : null,
    invitations_received: received.map(({ invitation, ...owner }) => ({
      ...owner,
      ...invitationDates(invitation),
    })),
    memberships: memberships.map(({ addedAt, ...team }) => ({ ...team, added_at: iso(addedAt) })),
  };
}

/** What an invitation's record holds besides its addresses: language, state and times. */
const invitationDates = (invitation: typeof teamInvitations.$inferSelect) => ({
  locale: invitation.locale,
  state: invitation.state,
  created_at: iso(invitation.createdAt),
  sent_at: iso(invitation.sentAt),
  expires_at: iso(invitation.expiresAt),
  ended_at: iso(invitation.endedAt),
});
