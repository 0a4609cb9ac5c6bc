import { deviceOf } from './device.ts';
import { Hono } from 'hono';
import type { AuthResult } from '../../../contract/auth.ts';
import { ResetRequestForm, SetPasswordForm } from '../../../contract/identity.ts';
import { pageLocaleOf, requestLocale } from '../../http/locale.ts';
import { requestReset, setPassword } from '../password-reset.ts';
import { endSession } from './session.ts';
import { readBody } from '../../http/body.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';

/** Mounted at /api/auth/password/ */
export function passwordRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/reset/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(ResetRequestForm, body);
    await requestReset(deps, form, clientIp(c, deps.config), pageLocaleOf(c, body));
    return c.json({ sent: true as const });
  });

  router.post('/set/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(SetPasswordForm, body);
    await setPassword(deps, form, pageLocaleOf(c, body), deviceOf(c, deps));
    await endSession(c, deps);
    return c.json({ next: `/${requestLocale(c, body)}/login/1` } satisfies AuthResult);
  });

  return router;
}
