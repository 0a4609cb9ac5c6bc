import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AuthResult } from '../../../contract/auth.ts';
import { SocialConsentForm, SocialIntent, SocialProvider } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { identityRefused } from '../refusals.ts';
import { visitorCountry } from '../../geo/routes/visitor.ts';
import { readBody } from '../../http/body.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import { cookieName, cookieOptions, requestCookie } from '../../http/cookies.ts';
import { requestLocale } from '../../http/locale.ts';
import { parseInput } from '../../http/validate.ts';
import { nextAfterSignIn } from '../accounts.ts';
import { beginSocial, completeSocial, type SocialFailure } from '../social/flow.ts';
import { socialUser, SocialError } from '../social/link.ts';
import { providerFor } from '../social/registry.ts';
import { STATE_TTL_MS } from '../social/states.ts';
import { deviceOf } from './device.ts';
import { startSession } from './session.ts';
import { setSecondFactorCookie } from './two-factor.ts';
import { hasTwoFactor } from '../two-factor.ts';
import { clearConsentCookie, dropConsent, holdForConsent, takeConsent } from './social-consent.ts';

/**
 * The state also goes into a cookie of the browser that started the flow; the callback
 * must come back to that browser, so a callback URL made in one browser cannot sign
 * another one in (login CSRF).
 */
export const STATE_COOKIE = 'oauth_state';

/** Mounted at /api/auth/social/ */
export function socialLoginRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  function provider(c: Context<AppEnv>) {
    const id = v.safeParse(SocialProvider, c.req.param('provider'));
    const found = id.success ? providerFor(deps, id.output) : null;
    if (!found) throw identityRefused('not_found');
    return found;
  }

  const fail = (c: Context<AppEnv>, { locale, intent, code }: SocialFailure) =>
    c.redirect(
      `/${locale}/${intent === 'link' ? 'profile' : 'login/1'}?error=${encodeURIComponent(code)}`,
      302,
    );

  router.get('/:provider/start/', async (c) => {
    const idp = provider(c);
    const intent = v.safeParse(SocialIntent, c.req.query('intent') ?? 'login');
    if (!intent.success) throw identityRefused('invalid_input');
    const begun = await beginSocial(deps, {
      provider: idp,
      intent: intent.output,
      locale: requestLocale(c),
      userId: c.get('user')?.id ?? null,
      next: c.req.query('next'),
      ip: clientIp(c, deps.config),
    });
    if (begun.kind === 'failed') return fail(c, begun);
    setCookie(c, cookieName(deps.config, STATE_COOKIE), begun.state, {
      ...cookieOptions(deps.config),
      maxAge: STATE_TTL_MS / 1000,
    });
    return c.redirect(begun.url, 302);
  });

  router.get('/:provider/callback/', async (c) => {
    const idp = provider(c);
    const bound = requestCookie(c, cookieName(deps.config, STATE_COOKIE)) ?? '';
    deleteCookie(c, cookieName(deps.config, STATE_COOKIE), cookieOptions(deps.config));
    const outcome = await completeSocial(deps, {
      provider: idp,
      state: c.req.query('state') ?? '',
      boundState: bound,
      code: c.req.query('code'),
      denied: c.req.query('error') !== undefined,
      userId: c.get('user')?.id ?? null,
      locale: requestLocale(c),
      country: async (locale) => (await visitorCountry(c, deps, locale)).code,
      device: deviceOf(c, deps),
    });
    if (outcome.kind === 'failed') return fail(c, outcome);
    const { locale } = outcome;
    if (outcome.kind === 'consentNeeded') {
      const { identity, next } = outcome;
      await holdForConsent(c, deps, { provider: idp.id, identity, next, locale });
      const query = new URLSearchParams({ consent: idp.id });
      if (next !== null) query.set('next', next);
      return c.redirect(`/${locale}/login/1?${query.toString()}`, 302);
    }
    // The authenticator app asks for its code after a provider too (decision 0218); a
    // browser already signed in as the user (linking, re-proving) has passed it.
    if (c.get('user')?.id !== outcome.userId && (await hasTwoFactor(deps.db, outcome.userId))) {
      setSecondFactorCookie(c, deps, { userId: outcome.userId, next: outcome.next, locale });
      return c.redirect(`/${locale}/login/2?factor=app`, 302);
    }
    await startSession(c, deps, outcome.userId, idp.id);
    return c.redirect(outcome.next, 302);
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
          device: deviceOf(c, deps),
        },
        pending.identity,
      );
    } catch (error) {
      if (error instanceof SocialError) throw identityRefused(error.code);
      throw error;
    }
    if (outcome.kind !== 'user') throw identityRefused('social_denied');
    await startSession(c, deps, outcome.userId, pending.provider);
    return c.json({ next: nextAfterSignIn(pending.next, pending.locale) } satisfies AuthResult);
  });

  /** Declined: the held identity is dropped and nothing is created. */
  router.delete('/consent/', async (c) => {
    await dropConsent(c, deps);
    return c.body(null, 204);
  });

  return router;
}
