import { Hono } from 'hono';
import { CardSetupRequest } from '../../../contract/billing.ts';
import type { AppDeps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';
import { cardAnswer, cardSetupStatus, startCardSetup } from '../card.ts';

/** GET /api/v1/card/: the caller's saved card. */
export const cardRead: Read = (deps, { user }) => cardAnswer(deps, user.id);

/** Mounted at /api/v1/card/: the caller's saved card, and its change at the provider. */
export function cardRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', readRoute(deps, cardRead));

  router.post('/', async (c) => {
    const user = requireUser(c);
    const request = parseInput(CardSetupRequest, await readBody(c, 'json'));
    return c.json(await startCardSetup(deps, user, request));
  });

  router.get('/setups/:id/', async (c) =>
    c.json(await cardSetupStatus(deps.db, requireUser(c).id, c.req.param('id'))),
  );

  return router;
}
