import { Hono } from 'hono';
import { UndoEmailChangeForm, type AccountEmail } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { undoEmailChange } from '../email-change.ts';
import { deviceOf } from './device.ts';
import { endSession } from './session.ts';

/** Mounted at /api/auth/email/: the link mailed to the old address after a change. */
export function emailRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // No session needed: whoever changed the address may hold every one of them.
  router.post('/undo/', async (c) => {
    const form = parseInput(UndoEmailChangeForm, await readBody(c, 'json'));
    const { email, userId } = await undoEmailChange(deps, form.token, deviceOf(c, deps));
    // Every session of the account ended; this browser's cookie goes too when it was one.
    if (c.get('user')?.id === userId) await endSession(c, deps);
    return c.json({ email } satisfies AccountEmail);
  });

  return router;
}
