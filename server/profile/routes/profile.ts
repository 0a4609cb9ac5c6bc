import { deviceOf } from '../../identity/routes/device.ts';
import { Hono } from 'hono';
import { ProfileUpdate } from '../../../contract/identity.ts';
import {
  dismissMailNotice,
  removeProfile,
  sendExportNotice,
  updateProfile,
} from '../../identity/profile.ts';
import { pageLocaleOf } from '../../http/locale.ts';
import { endSession, requireRecentSignIn, requireUser } from '../../identity/routes/session.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';
import { profileAnswer } from '../answer.ts';
import { personalData } from '../export.ts';
import { socialRoutes } from './social.ts';

/** GET /api/v1/profile/: the signed-in user. */
export const profileRead: Read = (deps, { user }) => profileAnswer(deps, user, deps.clock.now());

/** Mounted at /api/v1/profile/ */
export function profileRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get('/', readRoute(deps, profileRead));

  router.patch('/', async (c) => {
    const user = requireUser(c);
    const form = parseInput(ProfileUpdate, await readBody(c, 'json'));
    const saved = await updateProfile(deps, user, form);
    return c.json(await profileAnswer(deps, saved, deps.clock.now()));
  });

  router.get('/export/', async (c) => {
    const user = requireUser(c);
    const data = await personalData(deps, user);
    await sendExportNotice(deps, user, pageLocaleOf(c), deviceOf(c, deps));
    c.header('Content-Disposition', `attachment; filename="profile-${user.username}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  });

  router.delete('/mail-notice/', async (c) => {
    await dismissMailNotice(deps, requireUser(c));
    return c.body(null, 204);
  });

  router.delete('/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    await removeProfile(deps, user);
    await endSession(c, deps);
    return c.body(null, 204);
  });

  router.route('/social/', socialRoutes(deps));
  return router;
}
