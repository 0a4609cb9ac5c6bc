import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AuthResult } from '../../../contract/auth.ts';
import {
  AddPasskeyForm,
  PasskeySignInForm,
  RenamePasskeyForm,
} from '../../../contract/passkeys.ts';
import type { AppDeps } from '../../deps.ts';
import { identityRefused } from '../refusals.ts';
import { readBody } from '../../http/body.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import {
  cookieName,
  cookieOptions,
  setSignedCookie,
  signedCookieOrNull,
} from '../../http/cookies.ts';
import { pageLocaleOf, requestLocale } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { nextAfterSignIn } from '../accounts.ts';
import {
  addPasskey,
  CHALLENGE_TTL_MS,
  passkeysOf,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  verifyPasskeySignIn,
} from '../passkeys.ts';
import { forgive, hit, LIMITS, type Hit } from '../throttle.ts';
import { deviceOf } from './device.ts';
import { requireRecentSignIn, requireUser, sessionToken, startSession } from './session.ts';

/** Mounted at /api/v1/security/passkeys/: the account's passkeys (decision 0219). */
export function passkeyRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', async (c) => {
    const user = requireUser(c);
    return c.json(await passkeysOf(deps, user.id));
  });

  // Adding a passkey is a sensitive action: a sign-in within 10 minutes (decision 0215).
  router.post('/options/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    return c.json(await registrationOptions(deps, user, sessionToken(c, deps)));
  });

  router.post('/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const form = parseInput(AddPasskeyForm, await readBody(c, 'json'));
    const token = sessionToken(c, deps);
    const added = await addPasskey(deps, user, token, form, deviceOf(c, deps), pageLocaleOf(c));
    return c.json(added, 201);
  });

  router.patch('/:id/', async (c) => {
    const user = requireUser(c);
    const form = parseInput(RenamePasskeyForm, await readBody(c, 'json'));
    return c.json(await renamePasskey(deps, user.id, c.req.param('id'), form.name));
  });

  router.delete('/:id/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    await removePasskey(deps, user, c.req.param('id'), deviceOf(c, deps), pageLocaleOf(c));
    return c.body(null, 204);
  });

  return router;
}

/** The browser's passkey sign-in: a signed cookie naming it, for its challenge's sake. */
const PASSKEY_COOKIE = 'passkey';
const Nonce = v.object({ k: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)) });

/** The nonce this browser's cookie holds, or null: no cookie, or a forged one. */
function heldNonce(c: Context<AppEnv>, deps: AppDeps): string | null {
  const cookie = { base: PASSKEY_COOKIE, purpose: 'passkey' };
  return signedCookieOrNull(c, deps.config, cookie, Nonce)?.k ?? null;
}

/** The nonce of the challenge this browser asked for; none asked is a failed sign-in. */
function browserNonce(c: Context<AppEnv>, deps: AppDeps): string {
  const nonce = heldNonce(c, deps);
  if (nonce === null) throw identityRefused('passkey_failed');
  return nonce;
}

/**
 * The nonce this browser holds already, else a new one: the page's autofill and its
 * button may each ask for a challenge, and either answer may come last.
 */
function nonceFor(c: Context<AppEnv>, deps: AppDeps): string {
  return heldNonce(c, deps) ?? randomBytes(32).toString('base64url');
}

/** Counted per IP, like the sign-in's IP bucket: a passkey sign-in names no account first. */
const passkeyHits = (c: Context<AppEnv>, deps: AppDeps): Hit[] => [
  { limit: LIMITS.loginIp, subject: clientIp(c, deps.config) },
];

/** Mounted at /api/auth/passkey/: sign-in with a discoverable passkey. */
export function passkeySignInRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/options/', async (c) => {
    // Each answer is a challenge row: an anonymous caller must not fill the table.
    await hit(deps, [{ limit: LIMITS.passkeyOptionsIp, subject: clientIp(c, deps.config) }]);
    const nonce = nonceFor(c, deps);
    const options = await signInOptions(deps, nonce);
    setSignedCookie(
      c,
      deps.config,
      { base: PASSKEY_COOKIE, purpose: 'passkey', maxAgeSeconds: CHALLENGE_TTL_MS / 1000 },
      { k: nonce },
    );
    return c.json(options);
  });

  router.post('/', async (c) => {
    const body = await readBody(c, 'json');
    const form = parseInput(PasskeySignInForm, body);
    const hits = passkeyHits(c, deps);
    await hit(deps, hits);
    const nonce = browserNonce(c, deps);
    deleteCookie(c, cookieName(deps.config, PASSKEY_COOKIE), cookieOptions(deps.config));
    const userId = await verifyPasskeySignIn(deps, nonce, form.credential);
    await forgive(deps, hits);
    // The passkey proved both having the device and its user's presence: no second step.
    await startSession(c, deps, userId, 'passkey');
    const locale = requestLocale(c, body);
    return c.json({ next: nextAfterSignIn(form.next, locale) } satisfies AuthResult);
  });

  return router;
}
