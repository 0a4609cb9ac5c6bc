import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import {
  INVITATION_RESEND_AFTER_MS,
  INVITATION_TTL_MS,
  type Invitation,
  type InvitationAccepted,
  type InvitationLink,
  type InvitationRequest,
} from '../../contract/teams.ts';
import type { Database } from '../db/client.ts';
import {
  teamInvitations,
  teamMembers,
  teams,
  users,
  type TeamInvitationRow,
  type User,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { hit, LIMITS } from '../identity/throttle.ts';
import { hashToken } from '../identity/tokens.ts';
import { queueMail } from '../mail/send.ts';
import { userRead } from '../user-reads.ts';
import { teamInvitationMail } from '../mail/templates.ts';
import { OWNER_COLUMNS, withTeamOwner } from './owner.ts';
import { lockedTeam, requireOwnPremium, TeamRefused } from './teams.ts';

/*
 * Team invitations by e-mail (decision 0602). The owner invites an address; the mail,
 * in the language the owner chose, carries a link to accept and one to decline, both
 * naming one random token of which only the hash is stored. A link works for 7 days and
 * once: accepting, declining or revoking ends the invitation, and a resend replaces the
 * token, so an older mail's link names nothing. A pending invitation that has not
 * expired takes a seat. Each command is one transaction with its mail.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A link's token: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function toInvitation(row: TeamInvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    locale: row.locale,
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    resend_at: new Date(row.sentAt.getTime() + INVITATION_RESEND_AFTER_MS).toISOString(),
    expired: row.expiresAt <= now,
  };
}

/**
 * GET /api/v1/team/invitations/: the own team's pending invitations, oldest first. The
 * rows are kept while no change to them was heard (migration 0032), and told as of now,
 * so an invitation is told expired at its time without a write. Only a request that has
 * not written may ask this.
 */
export async function ownInvitations(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, user: User) {
  const rows = await userRead(deps, user.id, 'invitations', () =>
    deps.db
      .select({ invitation: teamInvitations })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .where(and(eq(teams.ownerId, user.id), eq(teamInvitations.state, 'pending')))
      .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id)),
  );
  const now = deps.clock.now();
  return rows.map(({ invitation }) => toInvitation(invitation, now));
}

/** A new token and the links of its mail, in the invitation's language. */
function newLinks(deps: Pick<AppDeps, 'config'>, locale: 'en' | 'ru') {
  const token = randomBytes(32).toString('base64url');
  const page = `${deps.config.publicUrl}/${locale}/invitation/${token}`;
  return { token, accept: page, decline: `${page}?answer=decline` };
}

async function mailInvitation(
  deps: Pick<AppDeps, 'config' | 'jobs'>,
  tx: Database,
  row: TeamInvitationRow,
  owner: User,
  links: { accept: string; decline: string },
) {
  const content = teamInvitationMail(row.locale, {
    ownerUsername: owner.username,
    ownerName: `${owner.firstName} ${owner.lastName}`.trim(),
    accept: links.accept,
    decline: links.decline,
    expiresAt: row.expiresAt,
  });
  await queueMail(deps, tx, { to: row.email, ...content, headers: {} });
}

/**
 * POST /api/v1/team/invitations/: invites an address to the owner's team. Only an owner
 * whose own plan is premium may (`premium_required`); the address must not be a user of
 * the team (`already_member`, the owner included) nor have a pending invitation to it
 * (`already_invited`); the users and the pending, unexpired invitations must leave a
 * seat (`team_full`). The team row is locked, so invitations and saves of one team queue
 * and two invitations cannot take the last seat twice. Each owner may send 20 an hour.
 */
export async function invite(
  deps: AppDeps,
  user: User,
  request: InvitationRequest,
): Promise<Invitation> {
  const email = request.email.trim().toLowerCase();
  await hit(deps, [{ limit: LIMITS.teamInvite, subject: `user:${user.id}` }]);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await requireOwnPremium(tx, user.id, now);
    const team = await lockedTeam(tx, user.id);
    if (email === user.email.toLowerCase()) throw new TeamRefused('already_member');
    const [member] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team.id), eq(users.email, email)));
    if (member) throw new TeamRefused('already_member');
    const [invited] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, team.id),
          eq(teamInvitations.email, email),
          eq(teamInvitations.state, 'pending'),
        ),
      );
    if (invited) throw new TeamRefused('already_invited');
    if ((await seatsTaken(tx, team.id, now)) >= team.maxSize) throw new TeamRefused('team_full');
    const links = newLinks(deps, request.locale);
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        teamId: team.id,
        email,
        locale: request.locale,
        tokenHash: hashToken(links.token),
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    if (!row) throw new Error('insert returned no invitation');
    await mailInvitation(deps, tx, row, user, links);
    return toInvitation(row, now);
  });
}

/** The owner and the members, and the pending invitations whose links still work. */
async function seatsTaken(db: Database, teamId: number, now: Date): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const [pending] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.state, 'pending'),
        gt(teamInvitations.expiresAt, now),
      ),
    );
  return 1 + (members?.n ?? 0) + (pending?.n ?? 0);
}

/**
 * The owner's pending invitation with this id, locked; `not_found` for any other id
 * (another team's, ended, or no uuid), one answer for all.
 */
async function ownPendingLocked(tx: Database, user: User, id: string) {
  if (!UUID.test(id)) throw new TeamRefused('not_found');
  const [row] = await tx
    .select({ invitation: teamInvitations })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teams.ownerId, user.id),
        eq(teamInvitations.state, 'pending'),
      ),
    )
    .for('update', { of: teamInvitations });
  if (!row) throw new TeamRefused('not_found');
  return row.invitation;
}

/** DELETE /api/v1/team/invitations/{id}/: the owner revokes a pending invitation. */
export async function revokeInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: User,
  id: string,
): Promise<void> {
  const invitationId = id.trim().toLowerCase();
  await deps.db.transaction(async (tx) => {
    const row = await ownPendingLocked(tx, user, invitationId);
    await tx
      .update(teamInvitations)
      .set({ state: 'revoked', endedAt: deps.clock.now() })
      .where(eq(teamInvitations.id, row.id));
  });
}

/**
 * POST /api/v1/team/invitations/{id}/resend/: a new link, mailed again, replaces the old
 * one and runs 7 days from now. At most once a minute (`resend_too_early`, with the
 * seconds to wait) and 5 times an hour per invitation (`too_many_requests`). An expired
 * invitation may be sent again when a seat is free for it (`team_full` otherwise).
 */
export async function resendInvitation(deps: AppDeps, user: User, id: string): Promise<Invitation> {
  const invitationId = id.trim().toLowerCase();
  const now = deps.clock.now();
  // The minute's check first, in its own read: a refused resend counts in no window.
  await deps.db.transaction(async (tx) => {
    const row = await ownPendingLocked(tx, user, invitationId);
    const wait = row.sentAt.getTime() + INVITATION_RESEND_AFTER_MS - now.getTime();
    if (wait > 0) throw new TeamRefused('resend_too_early', Math.ceil(wait / 1000));
  });
  await hit(deps, [{ limit: LIMITS.invitationResend, subject: `invitation:${invitationId}` }]);
  return deps.db.transaction(async (tx) => {
    const [team] = await tx.select().from(teams).where(eq(teams.ownerId, user.id)).for('update');
    const row = await ownPendingLocked(tx, user, invitationId);
    // Of two resends at once the second waits for the first and then finds it too early.
    const wait = row.sentAt.getTime() + INVITATION_RESEND_AFTER_MS - now.getTime();
    if (wait > 0) throw new TeamRefused('resend_too_early', Math.ceil(wait / 1000));
    if (team && row.expiresAt <= now && (await seatsTaken(tx, team.id, now)) >= team.maxSize) {
      throw new TeamRefused('team_full');
    }
    const links = newLinks(deps, row.locale);
    const [sent] = await tx
      .update(teamInvitations)
      .set({
        tokenHash: hashToken(links.token),
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .where(eq(teamInvitations.id, row.id))
      .returning();
    if (!sent) throw new Error('update returned no invitation');
    await mailInvitation(deps, tx, sent, user, links);
    return toInvitation(sent, now);
  });
}

/** The invitation a link's token names, with its team's owner; none for a bad token. */
async function byToken(db: Database, token: string, lock: boolean) {
  if (!TOKEN.test(token)) return undefined;
  const query = withTeamOwner(
    db
      .select({ invitation: teamInvitations, ownerId: teams.ownerId, ...OWNER_COLUMNS })
      .from(teamInvitations)
      .$dynamic(),
    teamInvitations.teamId,
  ).where(eq(teamInvitations.tokenHash, hashToken(token)));
  const [row] = await (lock ? query.for('update', { of: teamInvitations }) : query);
  return row;
}

function linkState(row: TeamInvitationRow, now: Date): InvitationLink['state'] {
  if (row.state !== 'pending') return 'used';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/**
 * GET /api/v1/invitations/{token}/: what the link is, for its page. Only the holder of
 * the token learns the owner's username and the invited address (both in its mail).
 */
export async function invitationLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<InvitationLink> {
  const row = await byToken(deps.db, token, false);
  if (!row) throw new TeamRefused('not_found');
  return {
    state: linkState(row.invitation, deps.clock.now()),
    owner_username: row.owner_username,
    email: row.invitation.email,
  };
}

/** Refuses a link that no longer works: expired, or accepted, declined or revoked. */
function usable(row: TeamInvitationRow, now: Date): void {
  const state = linkState(row, now);
  if (state === 'used') throw new TeamRefused('invitation_used');
  if (state === 'expired') throw new TeamRefused('invitation_expired');
}

/**
 * POST /api/v1/invitations/{token}/accept/: the signed-in account joins the team. Its
 * address must be the invited one (`invitation_other_account` otherwise, the invitation
 * left pending for the right account). The invitation row is locked, so of two accepts
 * of one link only the first joins and the second finds it used. Joining needs no free
 * seat: the invitation held one.
 */
export async function acceptInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: User,
  token: string,
): Promise<InvitationAccepted> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await byToken(tx, token, true);
    if (!row) throw new TeamRefused('not_found');
    usable(row.invitation, now);
    if (row.invitation.email !== user.email.toLowerCase()) {
      throw new TeamRefused('invitation_other_account');
    }
    if (row.ownerId !== user.id) {
      await tx
        .insert(teamMembers)
        .values({ teamId: row.invitation.teamId, userId: user.id, addedAt: now })
        .onConflictDoNothing();
    }
    await tx
      .update(teamInvitations)
      .set({ state: 'accepted', endedAt: now, acceptedBy: user.id })
      .where(eq(teamInvitations.id, row.invitation.id));
    return { owner_id: row.owner_guid, owner_username: row.owner_username };
  });
}

/** POST /api/v1/invitations/{token}/decline/: the link's holder declines; no sign-in. */
export async function declineInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await byToken(tx, token, true);
    if (!row) throw new TeamRefused('not_found');
    usable(row.invitation, now);
    await tx
      .update(teamInvitations)
      .set({ state: 'declined', endedAt: now })
      .where(eq(teamInvitations.id, row.invitation.id));
  });
}

/**
 * A development aid (POST /api/dev/teams/invitations/expire, outside production): the
 * caller's team's pending invitations reach the end of their 7 days now, so the expired
 * row and link page can be seen without waiting a week. Answers how many.
 */
export async function expireOwnInvitations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: Pick<User, 'id'>,
): Promise<number> {
  const own = deps.db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, user.id));
  const ended = await deps.db
    .update(teamInvitations)
    .set({ expiresAt: deps.clock.now() })
    .where(and(inArray(teamInvitations.teamId, own), eq(teamInvitations.state, 'pending')))
    .returning({ id: teamInvitations.id });
  return ended.length;
}
