import { Hono } from 'hono';
import * as v from 'valibot';
import { TeamUpdate, type TeamErrorCode } from '../../../contract/teams.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import {
  leaveTeam,
  memberTeams,
  ownTeam,
  saveTeam,
  setTeamMaxSize,
  TeamRefused,
  type TeamRefusal,
} from '../teams.ts';
import { Refused, notFound, fieldError } from '../../errors.ts';

/** Words for API users; the SPA shows its own per code. */
const TEAM_DETAILS: Record<TeamErrorCode, string> = {
  premium_required: 'A team needs the Premium plan',
  user_not_found: 'There is no user with this username',
  owner_cannot_leave: 'The owner cannot leave their own team',
};

/** A command's refusal in the section-8 shape. */
export function teamRefusalError(refusal: TeamRefusal): Refused {
  // Every guid must name an account: anything else is bad input at the field.
  if (refusal === 'unknown_users') return fieldError('users', 'invalid_input');
  // Not a member of it, or no such team: one answer, so no team is confirmed to exist.
  if (refusal === 'not_member') return notFound();
  return new Refused({
    kind: refusal === 'user_not_found' ? 'not_found' : 'forbidden',
    errors: [{ code: refusal, detail: TEAM_DETAILS[refusal], source: { pointer: '' } }],
  });
}

/** Runs a command; its refusal becomes the answer's error. */
export async function answering<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    if (error instanceof TeamRefused) throw teamRefusalError(error.refusal);
    throw error;
  }
}

/**
 * Mounted at /api/v1/: the own team (team/), the teams the user is a member of (teams/)
 * and leaving one of them (teams/{owner_id}/membership/).
 */
export function teamRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/team/', async (c) => c.json(await ownTeam(deps, requireUser(c))));

  router.patch('/team/', async (c) => {
    const user = requireUser(c);
    const update = parseInput(TeamUpdate, await readBody(c, 'json'));
    return c.json(await answering(saveTeam(deps, user, update.users)));
  });

  router.get('/teams/', async (c) => c.json(await memberTeams(deps, requireUser(c))));

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
 * the signed-in owner's seat limit (a development aid for the over-limit screens). Under
 * /api/, the session and the CSRF check are the same as for every call.
 */
export function devTeamRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.post('/max-size', async (c) => {
    const user = requireUser(c);
    const { max_size } = parseInput(MaxSizeBody, await readBody(c, 'json'));
    return c.json(await setTeamMaxSize(deps, user, max_size));
  });
  return router;
}
