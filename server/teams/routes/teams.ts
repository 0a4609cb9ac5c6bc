import { Hono } from 'hono';
import * as v from 'valibot';
import { InvitationRequest, TeamUpdate, type TeamErrorCode } from '../../../contract/teams.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';
import {
  leaveTeam,
  memberTeams,
  ownTeam,
  saveTeam,
  setTeamMaxSize,
  TeamRefused,
  type TeamRefusal,
} from '../teams.ts';
import {
  acceptInvitation,
  declineInvitation,
  expireOwnInvitations,
  invitationLink,
  invite,
  ownInvitations,
  resendInvitation,
  revokeInvitation,
} from '../invitations.ts';
import { Refused, notFound, fieldError, throttled, type RefusalKind } from '../../errors.ts';

/** Words for API users; the SPA shows its own per code. */
const TEAM_DETAILS: Record<TeamErrorCode, string> = {
  premium_required: 'A team needs the Premium plan',
  user_not_found: 'There is no user with this username',
  owner_cannot_leave: 'The owner cannot leave their own team',
  team_full: 'Every seat of the team is taken by its users and pending invitations',
  already_member: 'This address belongs to a user of the team already',
  already_invited: 'This address has a pending invitation to the team already',
  invitation_expired: 'The invitation has expired. Ask the team owner for a new one',
  invitation_used: 'The invitation was used already or withdrawn',
  invitation_other_account: 'The invitation was sent to another e-mail address',
};

/** The refusals that belong to the invitation form's e-mail field. */
const AT_EMAIL: ReadonlySet<TeamRefusal> = new Set(['already_member', 'already_invited']);

const KIND: Partial<Record<TeamErrorCode, RefusalKind>> = {
  user_not_found: 'not_found',
  team_full: 'conflict',
  already_member: 'conflict',
  already_invited: 'conflict',
  invitation_expired: 'conflict',
  invitation_used: 'conflict',
};

/** A command's refusal in the section-8 shape. */
export function teamRefusalError(refusal: TeamRefusal, retryAfter?: number): Refused {
  // Every guid must name an account: anything else is bad input at the field.
  if (refusal === 'unknown_users') return fieldError('users', 'invalid_input');
  // Not a member of it, or no such team: one answer, so no team is confirmed to exist.
  if (refusal === 'not_member' || refusal === 'not_found') return notFound();
  if (refusal === 'resend_too_early') return throttled('resend_too_early', retryAfter ?? 60);
  const pointer = AT_EMAIL.has(refusal) ? 'email' : '';
  return new Refused({
    kind: KIND[refusal] ?? 'forbidden',
    errors: [{ code: refusal, detail: TEAM_DETAILS[refusal], source: { pointer } }],
  });
}

/** Runs a command; its refusal becomes the answer's error. */
export async function answering<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    if (error instanceof TeamRefused) throw teamRefusalError(error.refusal, error.retryAfter);
    throw error;
  }
}

/** GET /api/v1/team/: the user's own team. */
export const teamRead: Read = (deps, { user }) => ownTeam(deps, user);
/** GET /api/v1/teams/: the teams the user is a member of. */
export const teamsRead: Read = (deps, { user }) => memberTeams(deps, user);
/** GET /api/v1/team/invitations/: the own team's pending invitations. */
export const invitationsRead: Read = (deps, { user }) => ownInvitations(deps, user);

/**
 * Mounted at /api/v1/: the own team (team/), the teams the user is a member of (teams/),
 * leaving one of them (teams/{owner_id}/membership/), the own team's invitations
 * (team/invitations/) and an invitation mail's links (invitations/{token}/).
 */
export function teamRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/team/', readRoute(deps, teamRead));

  router.patch('/team/', async (c) => {
    const user = requireUser(c);
    const update = parseInput(TeamUpdate, await readBody(c, 'json'));
    return c.json(await answering(saveTeam(deps, user, update.users)));
  });

  router.get('/teams/', readRoute(deps, teamsRead));

  router.get('/team/invitations/', readRoute(deps, invitationsRead));

  router.post('/team/invitations/', async (c) => {
    const user = requireUser(c);
    const request = parseInput(InvitationRequest, await readBody(c, 'json'));
    return c.json(await answering(invite(deps, user, request)), 201);
  });

  router.delete('/team/invitations/:id/', async (c) => {
    const user = requireUser(c);
    await answering(revokeInvitation(deps, user, c.req.param('id')));
    return c.body(null, 204);
  });

  router.post('/team/invitations/:id/resend/', async (c) => {
    const user = requireUser(c);
    return c.json(await answering(resendInvitation(deps, user, c.req.param('id'))));
  });

  // The links of an invitation mail: reading and declining need no sign-in (the token
  // is the key), accepting needs the invited account.
  router.get('/invitations/:token/', async (c) =>
    c.json(await answering(invitationLink(deps, c.req.param('token')))),
  );

  router.post('/invitations/:token/accept/', async (c) => {
    const user = requireUser(c);
    return c.json(await answering(acceptInvitation(deps, user, c.req.param('token'))));
  });

  router.post('/invitations/:token/decline/', async (c) => {
    await answering(declineInvitation(deps, c.req.param('token')));
    return c.body(null, 204);
  });

  router.delete('/teams/:owner_id/membership/', async (c) => {
    const user = requireUser(c);
    await answering(leaveTeam(deps, user, c.req.param('owner_id')));
    return c.body(null, 204);
  });

  return router;
}

const MaxSizeBody = v.object({
  max_size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
});

/**
 * Mounted at /api/dev/teams/ outside production only: POST max-size with {max_size} sets
 * the signed-in owner's seat limit (a development aid for the over-limit screens); POST
 * invitations/expire ends the owner's pending invitations' 7 days now (for the expired
 * row and link page). Under /api/, the session and the CSRF check are the same as for
 * every call.
 */
export function devTeamRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.post('/max-size', async (c) => {
    const user = requireUser(c);
    const { max_size } = parseInput(MaxSizeBody, await readBody(c, 'json'));
    return c.json(await setTeamMaxSize(deps, user, max_size));
  });
  router.post('/invitations/expire', async (c) => {
    const user = requireUser(c);
    return c.json({ expired: await expireOwnInvitations(deps, user) });
  });
  return router;
}
