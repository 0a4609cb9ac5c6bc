import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { ReauthForm } from '../../../contract/identity.ts';
import { PasskeyReauthForm } from '../../../contract/passkeys.ts';
import type { User } from '../../db/schema.ts';
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

/**
 * A proof of who the caller is, read from the body by `schema`, counted before any work
 * in the sign-in's own buckets and forgiven once it holds: the session then counts as
 * freshly signed in.
 */
async function proven<T extends v.GenericSchema>(
  c: Context<AppEnv>,
  deps: AppDeps,
  schema: T,
  prove: (user: User, token: string, form: v.InferOutput<T>) => Promise<void>,
): Promise<Response> {
  const user = requireUser(c);
  const token = sessionToken(c, deps);
  const form = parseInput(schema, await readBody(c, 'json'));
  const hits = signInHits(c, deps, user, user.username);
  await hit(deps, hits);
  await prove(user, token, form);
  await forgive(deps, hits);
  return c.body(null, 204);
}

/** Mounted at /api/v1/session/: the caller's own session. */
export function reauthRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // The password again (decision 0215).
  router.post('/reauth/', (c) =>
    proven(c, deps, ReauthForm, (user, token, form) =>
      reauthenticate(deps, user, token, form.password, deviceOf(c, deps)),
    ),
  );

  // Or one of the account's passkeys (decisions 0215, 0219): options for this session…
  router.post('/reauth/passkey/options/', async (c) => {
    const user = requireUser(c);
    return c.json(await reauthOptions(deps, user, sessionToken(c, deps)));
  });

  // …and the assertion, counted like the password.
  router.post('/reauth/passkey/', (c) =>
    proven(c, deps, PasskeyReauthForm, (user, token, form) =>
      reauthenticateWithPasskey(deps, user, token, form.credential, deviceOf(c, deps)),
    ),
  );

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
