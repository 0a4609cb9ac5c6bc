import type { Device } from '../devices.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../../contract/countries.ts';
import type * as v from 'valibot';
import type { SocialIntent } from '../../../contract/identity.ts';
import type { AppDeps } from '../../deps.ts';
import { bounded } from '../../providers/deadline.ts';
import { isLocalPath, nextAfterSignIn } from '../accounts.ts';
import { counted, type Limit } from '../throttle.ts';
import { socialUser, SocialError } from './link.ts';
import { newCodeVerifier, type Identity, type Provider } from './provider.ts';
import { callbackUrl } from './registry.ts';
import { CONSENT_INTENT, saveState, takeState } from './states.ts';

/** Each start writes a row: enough for a person trying every button, not for a flood. */
export const SOCIAL_START_LIMIT: Limit = {
  name: 'social-start-ip',
  max: 30,
  windowMs: 15 * 60_000,
};

/** Where a failed flow lands: the profile for a link, the sign-in page otherwise. */
export type SocialFailure = { kind: 'failed'; locale: Locale; intent: string; code: string };

const failed = (locale: Locale, intent: string, code: string): SocialFailure => ({
  kind: 'failed',
  locale,
  intent,
  code,
});

/**
 * A sign-in, sign-up or link with a provider begins: a single-use state, bound to the
 * browser by the caller (its cookie), and the provider's page to send the browser to.
 */
export async function beginSocial(
  deps: AppDeps,
  request: {
    provider: Provider;
    intent: v.InferOutput<typeof SocialIntent>;
    locale: Locale;
    userId: number | null;
    next: string | undefined;
    ip: string;
  },
): Promise<SocialFailure | { kind: 'started'; state: string; url: string }> {
  const { provider, intent, locale, userId } = request;
  if (intent === 'link' && userId === null) return failed(locale, 'login', 'not_authenticated');
  if (await counted(deps, [{ limit: SOCIAL_START_LIMIT, subject: request.ip }])) {
    return failed(locale, intent, 'too_many_requests');
  }
  const state = randomBytes(32).toString('base64url');
  const verifier = newCodeVerifier();
  await saveState(deps, state, {
    provider: provider.id,
    intent,
    next: request.next !== undefined && isLocalPath(request.next) ? request.next : null,
    locale,
    codeVerifier: verifier,
    userId: intent === 'link' ? userId : null,
  });
  const url = provider.authorizeUrl({
    state,
    codeVerifier: verifier,
    redirectUri: callbackUrl(deps, provider.id),
  });
  return { kind: 'started', state, url };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The provider sent the browser back: the state must be the one this browser holds
 * (login CSRF), unused, of this provider and fresh; then the code is exchanged within
 * one deadline and the identity signs in, links, or waits for the terms.
 */
export async function completeSocial(
  deps: AppDeps,
  request: {
    provider: Provider;
    state: string;
    /** The state the browser that started the flow holds (its cookie). */
    boundState: string;
    code: string | undefined;
    /** The provider said no (its `error` parameter). */
    denied: boolean;
    userId: number | null;
    locale: Locale;
    country: (locale: Locale) => Promise<string>;
    device: Device;
  },
): Promise<
  | SocialFailure
  | { kind: 'consentNeeded'; identity: Identity; next: string | null; locale: Locale }
  | { kind: 'signedIn'; userId: number; next: string; locale: Locale }
> {
  const { provider, state } = request;
  // Not the browser that started this flow: nothing is consumed, nobody signed in.
  if (state === '' || !sameText(request.boundState, state)) {
    return failed(request.locale, 'login', 'wrong_token');
  }
  const row = await takeState(deps, state);
  if (!row || row.provider !== provider.id || row.intent === CONSENT_INTENT) {
    return failed(request.locale, 'login', 'wrong_token');
  }
  const locale: Locale = row.locale === 'ru' ? 'ru' : 'en';
  if (row.expiresAt <= deps.clock.now()) return failed(locale, row.intent, 'token_expired');
  const { code } = request;
  if (request.denied || !code) return failed(locale, row.intent, 'social_denied');
  // A link goes to the account that asked for it, and only while that account is signed in here.
  if (row.intent === 'link' && request.userId !== row.userId) {
    return failed(locale, row.intent, 'social_denied');
  }
  try {
    // One deadline for the whole exchange (GitHub's is three requests): a provider that
    // hangs or answers slowly ends in social_denied within PROVIDER_TIMEOUT_SECONDS.
    const identity = await bounded(deps.config.providerTimeoutMs, (signal) =>
      provider.exchangeCode({
        code,
        codeVerifier: row.codeVerifier,
        redirectUri: callbackUrl(deps, provider.id),
        signal,
      }),
    );
    const outcome = await socialUser(
      deps,
      {
        provider: provider.id,
        intent: row.intent,
        locale,
        userId: row.userId,
        country: () => request.country(locale),
        // Sign-up showed the terms before the provider; sign-in asks now.
        consented: row.intent === 'signup',
        device: request.device,
      },
      identity,
    );
    if (outcome.kind === 'consentNeeded') {
      return { kind: 'consentNeeded', identity, next: row.next, locale };
    }
    const next = nextAfterSignIn(row.next, locale);
    return { kind: 'signedIn', userId: outcome.userId, next, locale };
  } catch (error) {
    if (error instanceof SocialError) return failed(locale, row.intent, error.code);
    deps.logger.warn('social sign-in failed', { provider: provider.id, error });
    return failed(locale, row.intent, 'social_denied');
  }
}
