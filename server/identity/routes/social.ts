import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Locale } from '../../../contract/countries.ts';
import type { AuthResult } from '../../../contract/auth.ts';
import { SocialConsentForm, SocialIntent, SocialProvider } from '../../../contract/identity.ts';
import { isLocalPath, nextAfterSignIn } from '../accounts.ts';
import { requestLocale } from '../../http/locale.ts';
import { bounded } from '../../providers/deadline.ts';
import { startSession } from './session.ts';
import {
  clearConsentCookie,
  CONSENT_INTENT,
  dropConsent,
  holdForConsent,
  takeConsent,
} from './social-consent.ts';
import { socialUser, SocialError } from '../social/link.ts';
import { newCodeVerifier } from '../social/provider.ts';
import { callbackUrl, providerFor } from '../social/registry.ts';
import { saveState, STATE_TTL_MS, takeState } from '../social/states.ts';
import { hit, type Limit } from '../throttle.ts';
import { visitorCountry } from '../../geo/routes/visitor.ts';
import { clientIp } from '../../http/client-ip.ts';
import { cookieName, cookieOptions } from '../../http/cookies.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import { parseInput } from '../../http/validate.ts';
import { Refused, refused, notFound, invalidInput } from '../../errors.ts';

/** Each start writes a row: enough for a person trying every button, not for a flood. */
export const SOCIAL_START_LIMIT: Limit = {
  name: 'social-start-ip',
  max: 30,
  windowMs: 15 * 60_000,
};
/**
 * The state also goes into a cookie of the browser that started the flow; the callback
 * must come back to that browser, so a callback URL made in one browser cannot sign
 * another one in (login CSRF).
 */
export const STATE_COOKIE = 'oauth_state';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Mounted at /api/auth/social/ */
export function socialLoginRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  function provider(c: Context<AppEnv>) {
    const id = v.safeParse(SocialProvider, c.req.param('provider'));
    const found = id.success ? providerFor(deps, id.output) : null;
    if (!found) throw notFound();
    return found;
  }

  const fail = (c: Context<AppEnv>, locale: Locale, intent: string, code: string) =>
    c.redirect(
      `/${locale}/${intent === 'link' ? 'profile' : 'login/1'}?error=${encodeURIComponent(code)}`,
      302,
    );

  router.get('/:provider/start/', async (c) => {
    const idp = provider(c);
    const intent = v.safeParse(SocialIntent, c.req.query('intent') ?? 'login');
    if (!intent.success) throw invalidInput();
    const locale = requestLocale(c);
    const user = c.get('user');
    if (intent.output === 'link' && !user) return fail(c, locale, 'login', 'not_authenticated');
    try {
      await hit(deps, [{ limit: SOCIAL_START_LIMIT, subject: clientIp(c, deps.config) }]);
    } catch (error) {
      if (error instanceof Refused) return fail(c, locale, intent.output, 'too_many_requests');
      throw error;
    }
    const next = c.req.query('next');
    const state = randomBytes(32).toString('base64url');
    const verifier = newCodeVerifier();
    await saveState(deps, state, {
      provider: idp.id,
      intent: intent.output,
      next: next !== undefined && isLocalPath(next) ? next : null,
      locale,
      codeVerifier: verifier,
      userId: intent.output === 'link' ? (user?.id ?? null) : null,
    });
    setCookie(c, cookieName(deps.config, STATE_COOKIE), state, {
      ...cookieOptions(deps.config),
      maxAge: STATE_TTL_MS / 1000,
    });
    const url = idp.authorizeUrl({
      state,
      codeVerifier: verifier,
      redirectUri: callbackUrl(deps, idp.id),
    });
    return c.redirect(url, 302);
  });

  router.get('/:provider/callback/', async (c) => {
    const idp = provider(c);
    const state = c.req.query('state') ?? '';
    const bound = getCookie(c, cookieName(deps.config, STATE_COOKIE)) ?? '';
    deleteCookie(c, cookieName(deps.config, STATE_COOKIE), cookieOptions(deps.config));
    // Not the browser that started this flow: nothing is consumed, nobody signed in.
    if (state === '' || !sameText(bound, state)) {
      return fail(c, requestLocale(c), 'login', 'wrong_token');
    }
    const row = await takeState(deps, state);
    if (!row || row.provider !== idp.id || row.intent === CONSENT_INTENT) {
      return fail(c, requestLocale(c), 'login', 'wrong_token');
    }
    const locale: Locale = row.locale === 'ru' ? 'ru' : 'en';
    if (row.expiresAt <= deps.clock.now()) return fail(c, locale, row.intent, 'token_expired');
    const code = c.req.query('code');
    if (c.req.query('error') !== undefined || !code) {
      return fail(c, locale, row.intent, 'social_denied');
    }
    // A link goes to the account that asked for it, and only while that account is signed in here.
    if (row.intent === 'link' && c.get('user')?.id !== row.userId) {
      return fail(c, locale, row.intent, 'social_denied');
    }
    try {
      // One deadline for the whole exchange (GitHub's is three requests): a provider that
      // hangs or answers slowly ends in social_denied within PROVIDER_TIMEOUT_SECONDS.
      const identity = await bounded(deps.config.providerTimeoutMs, (signal) =>
        idp.exchangeCode({
          code,
          codeVerifier: row.codeVerifier,
          redirectUri: callbackUrl(deps, idp.id),
          signal,
        }),
      );
      const outcome = await socialUser(
        deps,
        {
          provider: idp.id,
          intent: row.intent,
          locale,
          userId: row.userId,
          country: async () => (await visitorCountry(c, deps, locale)).code,
          // Sign-up showed the terms before the provider; sign-in asks now.
          consented: row.intent === 'signup',
        },
        identity,
      );
      if (outcome.kind === 'consentNeeded') {
        await holdForConsent(c, deps, { provider: idp.id, identity, next: row.next, locale });
        const query = new URLSearchParams({ consent: idp.id });
        if (row.next !== null) query.set('next', row.next);
        return c.redirect(`/${locale}/login/1?${query.toString()}`, 302);
      }
      await startSession(c, deps, outcome.userId);
      return c.redirect(nextAfterSignIn(row.next, locale), 302);
    } catch (error) {
      if (error instanceof SocialError) return fail(c, locale, row.intent, error.code);
      deps.logger.warn('social sign-in failed', { provider: idp.id, error });
      return fail(c, locale, row.intent, 'social_denied');
    }
  });

  /**
   * A sign-in whose identity is new here: agreeing to the terms creates the account
   * (or links it, should the address have got one meanwhile) and signs in.
   */
  router.post('/consent/', async (c) => {
    parseInput(SocialConsentForm, await readBody(c, 'form'));
    const pending = await takeConsent(c, deps);
    clearConsentCookie(c, deps);
    let outcome;
    try {
      outcome = await socialUser(
        deps,
        {
          provider: pending.provider,
          intent: 'signup',
          locale: pending.locale,
          userId: null,
          country: async () => (await visitorCountry(c, deps, pending.locale)).code,
          consented: true,
        },
        pending.identity,
      );
    } catch (error) {
      if (error instanceof SocialError) throw refused(error.code);
      throw error;
    }
    if (outcome.kind !== 'user') throw refused('social_denied');
    await startSession(c, deps, outcome.userId);
    return c.json({ next: nextAfterSignIn(pending.next, pending.locale) } satisfies AuthResult);
  });

  /** Declined: the held identity is dropped and nothing is created. */
  router.delete('/consent/', async (c) => {
    await dropConsent(c, deps);
    return c.body(null, 204);
  });

  return router;
}
