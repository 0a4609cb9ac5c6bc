import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AuthResult } from '../../../contract/auth.ts';
import { Locale } from '../../../contract/countries.ts';
import { SecondFactorForm, TwoFactorCodeForm } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { identityRefused } from '../refusals.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import {
  cookieName,
  cookieOptions,
  readSignedCookie,
  setSignedCookie,
} from '../../http/cookies.ts';
import { pageLocaleOf } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { keptNext, nextAfterSignIn, underLocale } from '../accounts.ts';
import { forgive, hit, LIMITS } from '../throttle.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
  verifySecondFactor,
  type AskedFrom,
} from '../two-factor.ts';
import { clientIp } from '../../http/client-ip.ts';
import { deviceOf } from './device.ts';
import { requireRecentSignIn, requireUser, startSession } from './session.ts';
import { SIGNUP_COOKIE } from './signup-cookie.ts';

/** The half-done sign-in of an account with the authenticator app on (decision 0218). */
export const SECOND_FACTOR_COOKIE = 'second-factor';
/** How long the code step waits after the password (or the provider). */
export const SECOND_FACTOR_TTL_MS = 10 * 60 * 1000;

const Payload = v.object({
  u: v.pipe(v.number(), v.integer()),
  e: v.number(),
  n: v.nullable(v.string()),
  l: Locale,
});

/**
 * The first factor was right: the browser holds the user's id, signed and short-lived,
 * until the second step. No session yet. An older e-mail-code step of this browser is
 * dropped, so /login/2 shows this step.
 */
export function setSecondFactorCookie(
  c: Context<AppEnv>,
  deps: AppDeps,
  flow: { userId: number; next: string | null; locale: Locale },
): void {
  const next = keptNext(flow.next);
  setSignedCookie(
    c,
    deps.config,
    {
      base: SECOND_FACTOR_COOKIE,
      purpose: 'second-factor',
      maxAgeSeconds: SECOND_FACTOR_TTL_MS / 1000,
    },
    {
      u: flow.userId,
      e: deps.clock.now().getTime() + SECOND_FACTOR_TTL_MS,
      n: next,
      l: flow.locale,
    },
  );
  deleteCookie(c, cookieName(deps.config, SIGNUP_COOKIE), cookieOptions(deps.config));
}

/** Drops a half-done sign-in of this browser (a newer step replaced it, or it is done). */
export function clearSecondFactorCookie(c: Context<AppEnv>, deps: AppDeps): void {
  deleteCookie(c, cookieName(deps.config, SECOND_FACTOR_COOKIE), cookieOptions(deps.config));
}

function readSecondFactorCookie(c: Context<AppEnv>, deps: AppDeps) {
  const { u, e, n, l } = readSignedCookie(
    c,
    deps.config,
    { base: SECOND_FACTOR_COOKIE, purpose: 'second-factor' },
    Payload,
  );
  if (e <= deps.clock.now().getTime()) throw identityRefused('token_expired');
  return { userId: u, next: n, locale: l };
}

/** Mounted at /api/auth/login/2fa/: the sign-in's second step. */
export function secondFactorRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const body = await readBody(c, 'form');
    const form = parseInput(SecondFactorForm, body);
    const flow = readSecondFactorCookie(c, deps);
    // Per address, before any work: the account's own limit is the five-try lock.
    const hits = [{ limit: LIMITS.loginIp, subject: clientIp(c, deps.config) }];
    await hit(deps, hits);
    const pageLocale = pageLocaleOf(c, body);
    const device = deviceOf(c, deps);
    const method = await verifySecondFactor(deps, flow.userId, form.code, { device, pageLocale });
    await forgive(deps, hits);
    clearSecondFactorCookie(c, deps);
    await startSession(c, deps, flow.userId, method);
    const locale = pageLocale ?? flow.locale;
    const next =
      flow.next !== null && locale !== flow.locale ? underLocale(flow.next, locale) : flow.next;
    return c.json({ next: nextAfterSignIn(next, locale) } satisfies AuthResult);
  });

  return router;
}

/** Mounted at /api/v1/security/two-factor/: the authenticator app and its recovery codes. */
export function twoFactorRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const askedFrom = (c: Context<AppEnv>): AskedFrom => ({
    device: deviceOf(c, deps),
    pageLocale: pageLocaleOf(c),
  });

  router.get('/', async (c) => c.json(await twoFactorStatus(deps, requireUser(c).id)));

  // Sensitive actions: a sign-in within 10 minutes first (decision 0215).
  router.post('/setup/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    return c.json(await startTwoFactorSetup(deps, user));
  });

  router.post('/confirm/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    const form = parseInput(TwoFactorCodeForm, await readBody(c, 'json'));
    const codes = await confirmTwoFactor(deps, user, form.code, askedFrom(c));
    return c.json(codes);
  });

  router.post('/recovery-codes/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    return c.json(await regenerateRecoveryCodes(deps, user, askedFrom(c)));
  });

  router.delete('/', async (c) => {
    const user = await requireRecentSignIn(c, deps);
    await disableTwoFactor(deps, user, askedFrom(c));
    return c.body(null, 204);
  });

  return router;
}
