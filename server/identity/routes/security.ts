import { Hono } from 'hono';
import { ChangeEmailForm, ChangePasswordForm, ConfirmForm } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { pageLocaleOf } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { readRoute, type Read } from './reads.ts';
import { confirmEmailChange, resendEmailChangeCode, startEmailChange } from '../email-change.ts';
import { changePassword } from '../password-change.ts';
import { securityEventsOf } from '../security-events.ts';
import { forgive, hit } from '../throttle.ts';
import { signInHits } from './auth.ts';
import { deviceOf } from './device.ts';
import { requireRecentSignIn, requireUser, sessionToken } from './session.ts';

/** GET /api/v1/security/events/: the account's security log. */
export const securityEventsRead: Read = (deps, { user }) => securityEventsOf(deps, user.id);

/** Mounted at /api/v1/security/: the account's security log, its password and e-mail. */
export function securityRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/events/', readRoute(deps, securityEventsRead));

  // A sensitive action: a sign-in within 10 minutes first (decision 0215).
  router.post('/password/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const form = parseInput(ChangePasswordForm, await readBody(c, 'json'));
    // The current password is a guess like any other: counted as sign-in counts it.
    const hits = signInHits(c, deps, user, user.username);
    await hit(deps, hits);
    await changePassword(
      deps,
      user,
      sessionToken(c, deps),
      form,
      deviceOf(c, deps),
      pageLocaleOf(c),
    );
    await forgive(deps, hits);
    return c.body(null, 204);
  });

  // Starting an e-mail change is sensitive too (decision 0217): a code to the new address.
  router.post('/email/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const form = parseInput(ChangeEmailForm, await readBody(c, 'json'));
    const ip = clientIp(c, deps.config);
    return c.json(await startEmailChange(deps, user, form, ip, pageLocaleOf(c)));
  });

  // The code, and a new one, belong to the change started above: no new proof needed.
  router.post('/email/resend/', async (c) => {
    const user = requireUser(c);
    const ip = clientIp(c, deps.config);
    return c.json(await resendEmailChangeCode(deps, user, ip, pageLocaleOf(c)));
  });

  router.post('/email/confirm/', async (c) => {
    const user = requireUser(c);
    const form = parseInput(ConfirmForm, await readBody(c, 'json'));
    const device = deviceOf(c, deps);
    return c.json(await confirmEmailChange(deps, user, form.code, device, pageLocaleOf(c)));
  });

  return router;
}
