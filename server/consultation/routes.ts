import { Hono } from 'hono';
import { ConsultationRequest } from '../../contract/consultation.ts';
import { requireUser } from '../identity/routes/session.ts';
import { hit, LIMITS } from '../identity/throttle.ts';
import { readBody } from '../http/body.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../http/validate.ts';
import { requestConsultation } from './requests.ts';

/** Mounted at /api/v1/consultation/ */
export function consultationRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const user = requireUser(c);
    // Validated first: a mistyped form costs nothing of the day's requests.
    const request = parseInput(ConsultationRequest, await readBody(c, 'json'));
    await hit(deps, [{ limit: LIMITS.consultation, subject: `user:${user.id}` }]);
    return c.json(await requestConsultation(deps, user, request), 201);
  });

  return router;
}
