import { Hono } from 'hono';
import { ReauthForm } from '../../../contract/identity.ts';
import { PasskeyReauthForm } from '../../../contract/passkeys.ts';
import type { AppDeps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { reauthOptions } from '../passkeys.ts';
import { ageProof, reauthenticate, reauthenticateWithPasskey } from '../reauth.ts';
import { forgive, hit } from '../throttle.ts';
import { signInHits } from './auth.ts';
import { deviceOf } from './device.ts';
import { requireUser, sessionToken } from './session.ts';

/** Mounted at /api/v1/session/: the caller's own session. */
export function reauthRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // The password again: the session counts as freshly signed in (decision 0215).
  router.post('/reauth/', async (c) => {
    const user = requireUser(c);
    const token = sessionToken(c, deps);
    const form = parseInput(ReauthForm, await readBody(c, 'json'));
    // Counted before any password work, in the sign-in's own buckets.
    const hits = signInHits(c, deps, user, user.username);
    await hit(deps, hits);
    await reauthenticate(deps, user, token, form.password, deviceOf(c, deps));
    await forgive(deps, hits);
    return c.body(null, 204);
  });

  // Or one of the account's passkeys (decisions 0215, 0219): options for this session…
  router.post('/reauth/passkey/options/', async (c) => {
    const user = requireUser(c);
    return c.json(await reauthOptions(deps, user, sessionToken(c, deps)));
  });

  // …and the assertion, counted like the password.
  router.post('/reauth/passkey/', async (c) => {
    const user = requireUser(c);
    const token = sessionToken(c, deps);
    const form = parseInput(PasskeyReauthForm, await readBody(c, 'json'));
    const hits = signInHits(c, deps, user, user.username);
    await hit(deps, hits);
    await reauthenticateWithPasskey(deps, user, token, form.credential, deviceOf(c, deps));
    await forgive(deps, hits);
    return c.body(null, 204);
  });

  return router;
}

/**
 * Mounted at /api/dev/session/ outside production only: POST age/ makes the caller's
 * sign-in 11 minutes old (a development aid for the re-auth dialog). Under /api/, the
 * session and the CSRF check are the same as for every call.
 */
export function devReauthRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.post('/age/', async (c) => {
    const user = requireUser(c);
    await ageProof(deps, user.id, sessionToken(c, deps));
    return c.body(null, 204);
  });
  return router;
}
