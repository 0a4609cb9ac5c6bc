import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Team, TeamUser, UserLookup } from '../../contract/teams.ts';
import type { Database } from '../db/client.ts';
import { TEAM_MAX_SIZE_DEFAULT, teamMembers, teams, users, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { sendToUser } from '../mail/send.ts';
import { memberAddedMail, memberLeftMail } from '../mail/templates.ts';
import { userRead } from '../user-reads.ts';
import { ownerPremium, ownerPremiumEndsAt } from './effective-plan.ts';
import { withTeamOwner } from './owner.ts';

/*
 * The team commands (sections 2, 6 and 7; decisions 0016 and 0601). A team belongs to
 * its owner (`teams.owner_id`), who is never a row of `team_members`; nothing is stored
 * for a user until their first save, and reading their own team before that answers
 * a team of just themselves. Each command is one transaction.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Why a command refused; the route turns it into its section-8 answer. */
export type TeamRefusal =
  | 'premium_required'
  | 'unknown_users'
  | 'user_not_found'
  | 'owner_cannot_leave'
  | 'not_member'
  // invitations (invitations.ts)
  | 'not_found'
  | 'team_full'
  | 'already_member'
  | 'already_invited'
  | 'resend_too_early'
  | 'invitation_expired'
  | 'invitation_used'
  | 'invitation_other_account';

/** Thrown by a command (its transaction rolled back); caught by the route. */
export class TeamRefused extends Error {
  readonly refusal: TeamRefusal;
  /** Seconds to wait, for `resend_too_early`. */
  readonly retryAfter: number | undefined;
  constructor(refusal: TeamRefusal, retryAfter?: number) {
    super(refusal);
    this.refusal = refusal;
    this.retryAfter = retryAfter;
  }
}

/** Every account that finished sign-up; an unconfirmed one is nobody's to add yet. */
const confirmed = isNotNull(users.emailConfirmedAt);

const PUBLIC_USER = {
  id: users.id,
  portalGuid: users.portalGuid,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

type PublicUser = { portalGuid: string; username: string; firstName: string; lastName: string };

function toTeamUser(user: PublicUser, owner: boolean): TeamUser {
  return {
    portal_guid: user.portalGuid,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    owner,
  };
}

/** A stored team, or the virtual one (`id` null) of a user who never saved. */
type TeamHead = { id: number | null; owner: PublicUser & { id: number }; maxSize: number };

/** The Team answer: the owner first, then the members in the order they were added. */
async function toTeam(db: Database, head: TeamHead, viewerId: number, now: Date): Promise<Team> {
  const [status] = await db
    .select({ active: ownerPremium(users.id, now) })
    .from(users)
    .where(eq(users.id, head.owner.id));
  const members = await membersOf(db, head.id === null ? [] : [head.id]);
  return teamAnswer(head, members.get(head.id ?? 0) ?? [], status?.active === true, viewerId);
}

function teamAnswer(
  head: TeamHead,
  members: readonly PublicUser[],
  active: boolean,
  viewerId: number,
): Team {
  return {
    users: [toTeamUser(head.owner, true), ...members.map((m) => toTeamUser(m, false))],
    max_size: head.maxSize,
    owner_id: head.owner.portalGuid,
    owner_username: head.owner.username,
    team_status: active ? 'active' : 'disabled',
    owned_by_target_user: head.owner.id === viewerId,
  };
}

/** The members of each of these teams, in the order they were added: one query for all. */
async function membersOf(
  db: Database,
  teamIds: readonly number[],
): Promise<Map<number, PublicUser[]>> {
  const byTeam = new Map<number, PublicUser[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({ teamId: teamMembers.teamId, ...PUBLIC_USER })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, [...teamIds]))
    .orderBy(asc(teamMembers.addedAt), asc(users.id));
  for (const { teamId, ...member } of rows) {
    const list = byTeam.get(teamId) ?? [];
    list.push(member);
    byTeam.set(teamId, list);
  }
  return byTeam;
}

/**
 * The members of the team of the enclosing query (`teams.id`), in the order they were
 * added, as one JSON column: a read of a team with its members is one query.
 */
const teamMembersJson = sql<PublicUser[]>`coalesce((
  select json_agg(json_build_object(
    'portalGuid', member.portal_guid,
    'username', member.username,
    'firstName', member.first_name,
    'lastName', member.last_name
  ) order by listed.added_at, member.id)
  from ${teamMembers} as listed
  join ${users} as member on member.id = listed.user_id
  where listed.team_id = ${teams.id}
), '[]'::json)`;

/** The earliest of the times a team read may change with no write, or null. */
function earliest(ends: readonly (string | null)[]): Date | null {
  const times = ends.flatMap((end) => (end === null ? [] : [new Date(end).getTime()]));
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * GET /api/v1/team/: the user's own team, or a team of just themselves before the first
 * save. Kept in memory while warm (server/user-reads.ts): a change to the team row, its
 * memberships, a member's names or the owner's plan names the owner (migration 0030);
 * the owner's paid period ending changes it with no write.
 */
export async function ownTeam(deps: Deps & Pick<AppDeps, 'cache'>, user: User): Promise<Team> {
  const read = async () => {
    const now = deps.clock.now();
    // The team row (if saved), whether the owner's premium runs and the members: one
    // statement, consistent without a transaction.
    const [row] = await deps.db
      .select({
        id: teams.id,
        maxSize: teams.maxSize,
        active: ownerPremium(users.id, now),
        endsAt: ownerPremiumEndsAt(users.id, now),
        members: teamMembersJson,
      })
      .from(users)
      .leftJoin(teams, eq(teams.ownerId, users.id))
      .where(eq(users.id, user.id));
    const head = {
      id: row?.id ?? null,
      owner: user,
      maxSize: row?.maxSize ?? TEAM_MAX_SIZE_DEFAULT,
    };
    const team = teamAnswer(head, row?.members ?? [], row?.active === true, user.id);
    return { team, changesAt: earliest([row?.endsAt ?? null]) };
  };
  return (await userRead(deps, user.id, 'team', read, (kept) => kept.changesAt)).team;
}

/** Refuses (`premium_required`) unless the user's own plan is premium at `now`. */
export async function requireOwnPremium(db: Database, userId: number, now: Date) {
  const [own] = await db
    .select({ premium: ownerPremium(users.id, now) })
    .from(users)
    .where(eq(users.id, userId));
  if (own?.premium !== true) throw new TeamRefused('premium_required');
}

/** The team row of `owner`, made on first use; locked, so saves of one team queue. */
export async function lockedTeam(db: Database, ownerId: number, maxSize?: number) {
  // The unique owner key settles two first saves at once: the second waits for the
  // first to commit, inserts nothing and then locks the row the first one made.
  const values = { ownerId, ...(maxSize === undefined ? {} : { maxSize }) };
  const insert = db.insert(teams).values(values);
  await (maxSize === undefined
    ? insert.onConflictDoNothing({ target: teams.ownerId })
    : insert.onConflictDoUpdate({ target: teams.ownerId, set: { maxSize } }));
  const [row] = await db.select().from(teams).where(eq(teams.ownerId, ownerId)).for('update');
  if (!row) throw new Error('team row vanished');
  return row;
}

/**
 * PATCH /api/v1/team/: the members become exactly the users named by guid, the owner
 * always kept (named or not). Only an owner whose own plan is premium may save; every
 * guid must name an existing account. More users than `max_size` may be saved: the
 * team then withholds premium from its members (effective-plan.ts).
 */
export async function saveTeam(
  deps: Deps & Pick<AppDeps, 'config' | 'jobs'>,
  user: User,
  guids: readonly string[],
): Promise<Team> {
  const now = deps.clock.now();
  const wanted = [...new Set(guids.map((guid) => guid.trim().toLowerCase()))];
  // A text that is no uuid names nobody (and must not reach a uuid comparison).
  if (wanted.some((guid) => !UUID.test(guid))) throw new TeamRefused('unknown_users');
  return deps.db.transaction(async (tx) => {
    await requireOwnPremium(tx, user.id, now);
    const found =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.portalGuid, wanted), confirmed));
    if (found.length !== wanted.length) throw new TeamRefused('unknown_users');
    const memberIds = found.map((row) => row.id).filter((id) => id !== user.id);
    const team = await lockedTeam(tx, user.id);
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.teamId, team.id),
          memberIds.length === 0 ? undefined : notInArray(teamMembers.userId, memberIds),
        ),
      );
    if (memberIds.length > 0) {
      const added = await tx
        .insert(teamMembers)
        .values(memberIds.map((userId) => ({ teamId: team.id, userId, addedAt: now })))
        .onConflictDoNothing()
        .returning({ userId: teamMembers.userId });
      await noticeAdded(
        deps,
        tx,
        user,
        added.map((row) => row.userId),
      );
    }
    return toTeam(tx, { id: team.id, owner: user, maxSize: team.maxSize }, user.id, now);
  });
}

/**
 * Each user just added gets a notice in their own language, with a link to their teams
 * (decision 0602), on the `account_notices` list; queued in the save's transaction.
 */
async function noticeAdded(
  deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>,
  tx: Database,
  owner: User,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const added = await tx
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  for (const member of added) {
    await sendToUser(
      deps,
      member,
      (locale, unsubscribe) =>
        memberAddedMail(
          locale,
          owner.username,
          `${deps.config.publicUrl}/${locale}/teammanage/member`,
          unsubscribe,
        ),
      'account_notices',
      tx,
    );
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * DELETE /api/v1/teams/{owner_id}/membership/: the signed-in user leaves the team owned
 * by the user with that guid. The owner stays in their own team (`owner_cannot_leave`);
 * a user who is no member of it, or a guid naming no team, gets `not_member` (404), so
 * nobody learns which teams exist. Only the caller's own membership is ever deleted.
 * The team row is locked like a save's, so a leave queues with the owner's saves, and of
 * two leaves at once the second finds no row. Leaving takes the team plan away at the
 * next request (effective-plan.ts reads the membership); the owner is told by mail in
 * their language, queued in this transaction.
 */
export async function leaveTeam(deps: AppDeps, user: User, ownerGuid: string): Promise<void> {
  const guid = ownerGuid.trim().toLowerCase();
  if (!UUID.test(guid)) throw new TeamRefused('not_member');
  if (guid === user.portalGuid.toLowerCase()) throw new TeamRefused('owner_cannot_leave');
  await deps.db.transaction(async (tx) => {
    const [team] = await tx
      .select({ id: teams.id, ownerId: teams.ownerId })
      .from(teams)
      .innerJoin(users, eq(users.id, teams.ownerId))
      .where(eq(users.portalGuid, guid))
      .for('update', { of: teams });
    if (!team) throw new TeamRefused('not_member');
    const left = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user.id)))
      .returning({ userId: teamMembers.userId });
    if (left.length === 0) throw new TeamRefused('not_member');
    const [owner] = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, team.ownerId));
    if (owner) {
      const url = (locale: string) => `${deps.config.publicUrl}/${locale}/teammanage/owner`;
      await sendToUser(
        deps,
        owner,
        (locale, unsubscribe) => memberLeftMail(locale, user.username, url(locale), unsubscribe),
        'account_notices',
        tx,
      );
    }
  });
}

/**
 * GET /api/v1/teams/: the teams the user is a member of but does not own, without
 * disabled ones (whose owner's own premium has ended). Kept in memory while warm
 * (server/user-reads.ts): a change to a membership, a team row, its users' names or
 * its owner's plan names every user of the team (migration 0030); an owner's paid
 * period ending takes that team off the list with no write.
 */
export async function memberTeams(
  deps: Deps & Pick<AppDeps, 'cache'>,
  user: User,
): Promise<Team[]> {
  const read = async () => {
    const now = deps.clock.now();
    // The teams with their owners and members: one statement, consistent without a
    // transaction.
    const rows = await withTeamOwner(
      deps.db
        .select({
          team: teams,
          owner: PUBLIC_USER,
          members: teamMembersJson,
          endsAt: ownerPremiumEndsAt(teams.ownerId, now),
        })
        .from(teamMembers)
        .$dynamic(),
      teamMembers.teamId,
    )
      .where(
        and(
          eq(teamMembers.userId, user.id),
          ne(teams.ownerId, user.id),
          ownerPremium(teams.ownerId, now),
        ),
      )
      .orderBy(asc(teamMembers.addedAt), asc(teams.id));
    // Only teams whose owner's premium runs are listed: each is active.
    const list = rows.map(({ team, owner, members }) =>
      teamAnswer({ id: team.id, owner, maxSize: team.maxSize }, members, true, user.id),
    );
    return { list, changesAt: earliest(rows.map((row) => row.endsAt)) };
  };
  return (await userRead(deps, user.id, 'teams', read, (kept) => kept.changesAt)).list;
}

/**
 * GET /api/v1/users/?username=: the one account with exactly that username (the case as
 * stored); never a listing. The route throttles it per account.
 */
export async function lookupUser(deps: Deps, username: string): Promise<UserLookup> {
  const [row] = await deps.db
    .select(PUBLIC_USER)
    .from(users)
    .where(
      and(
        // The lower() index finds the row; the plain comparison makes the case count.
        sql`lower(${users.username}) = lower(${username})`,
        eq(users.username, username),
        confirmed,
      ),
    );
  if (!row) throw new TeamRefused('user_not_found');
  return {
    portal_guid: row.portalGuid,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
  };
}

/**
 * The development switch (POST /api/dev/teams/max-size, outside production only): sets
 * the owner's `max_size`, making the team row when there is none, so the seat limit can
 * be tried without five accounts.
 */
export async function setTeamMaxSize(deps: Deps, user: User, maxSize: number): Promise<Team> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const team = await lockedTeam(tx, user.id, maxSize);
    return toTeam(tx, { id: team.id, owner: user, maxSize: team.maxSize }, user.id, now);
  });
}
