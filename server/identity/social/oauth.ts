import type { SocialProvider } from '../../../contract/identity.ts';
import type { OAuthClient } from '../../config.ts';
import { codeChallenge, type Identity, type Provider } from './provider.ts';

/*
 * Real adapters, written to the providers' documentation: the code flow with PKCE, then
 * the person from each provider's own API, every request under the exchange's one
 * signal. The tests run the same flow against the sandbox provider, and these adapters
 * against a stand-in for fetch (docs/decisions/0205: why not arctic).
 */

type Endpoints = {
  authorize: string;
  token: string;
  scope: string;
  identity(accessToken: string, signal: AbortSignal): Promise<Identity>;
};

/** One request of an exchange; `signal` is the exchange's, so its calls share one deadline. */
async function getJson(url: string, signal: AbortSignal, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const field = (data: unknown, key: string): unknown =>
  data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;

const ENDPOINTS: Record<SocialProvider, Endpoints> = {
  yandex: {
    authorize: 'https://oauth.yandex.com/authorize',
    token: 'https://oauth.yandex.com/token',
    scope: 'login:email login:info login:avatar',
    identity: async (token, signal) => {
      const info = await getJson('https://login.yandex.ru/info?format=json', signal, {
        headers: { Authorization: `OAuth ${token}` },
      });
      // Yandex gives only addresses it has verified.
      const email = text(field(info, 'default_email'));
      const avatar = text(field(info, 'default_avatar_id'));
      const hasAvatar = avatar !== '' && field(info, 'is_avatar_empty') !== true;
      return {
        subject: text(field(info, 'id')),
        email: email || null,
        email_verified: email !== '',
        first_name: text(field(info, 'first_name')),
        last_name: text(field(info, 'last_name')),
        picture_url: hasAvatar
          ? `https://avatars.yandex.net/get-yapic/${encodeURIComponent(avatar)}/islands-200`
          : null,
      };
    },
  },
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    scope: 'openid email profile',
    identity: async (token, signal) => {
      const info = await getJson('https://openidconnect.googleapis.com/v1/userinfo', signal, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return {
        subject: text(field(info, 'sub')),
        email: text(field(info, 'email')) || null,
        email_verified: field(info, 'email_verified') === true,
        first_name: text(field(info, 'given_name')),
        last_name: text(field(info, 'family_name')),
        picture_url: text(field(info, 'picture')) || null,
      };
    },
  },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    scope: 'read:user user:email',
    identity: async (token, signal) => {
      const headers = { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json' };
      const info = await getJson('https://api.github.com/user', signal, { headers });
      const emails = await getJson('https://api.github.com/user/emails', signal, { headers });
      const primary = Array.isArray(emails)
        ? emails.find((e: unknown) => field(e, 'primary') === true)
        : undefined;
      const [first = '', ...rest] = text(field(info, 'name')).trim().split(/\s+/);
      return {
        subject: String(field(info, 'id') ?? ''),
        email: text(field(primary, 'email')) || null,
        email_verified: field(primary, 'verified') === true,
        first_name: first,
        last_name: rest.join(' '),
        picture_url: text(field(info, 'avatar_url')) || null,
      };
    },
  },
};

export function oauthProvider(id: SocialProvider, client: OAuthClient): Provider {
  const endpoints = ENDPOINTS[id];
  return {
    id,
    authorizeUrl: ({ state, codeVerifier, redirectUri }) => {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: redirectUri,
        scope: endpoints.scope,
        state,
        code_challenge: codeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    exchangeCode: async ({ code, codeVerifier, redirectUri, signal: given }) => {
      const signal = given ?? AbortSignal.timeout(10_000);
      const answer = await getJson(endpoints.token, signal, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: client.clientId,
          client_secret: client.clientSecret,
          code_verifier: codeVerifier,
        }).toString(),
      });
      const accessToken = text(field(answer, 'access_token'));
      if (!accessToken) throw new Error(`${id}: no access token`);
      const identity = await endpoints.identity(accessToken, signal);
      if (!identity.subject) throw new Error(`${id}: no subject`);
      return identity;
    },
  };
}
