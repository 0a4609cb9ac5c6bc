import { CodeChallengeMethod, Google, OAuth2Client } from 'arctic';
import type { SocialProvider } from '../../../contract/identity.ts';
import type { OAuthClient } from '../../config.ts';
import { PROVIDER_NAMES, type Identity, type Provider } from './provider.ts';

/*
 * Real adapters: the code flow through arctic's clients, the person's details from each
 * provider's own API. The tests run the same flow against the sandbox provider, and
 * these adapters against a stand-in for fetch.
 */

type Endpoints = {
  scopes: string[];
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
    scopes: ['login:email', 'login:info', 'login:avatar'],
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
    scopes: ['openid', 'email', 'profile'],
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
    scopes: ['read:user', 'user:email'],
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

/**
 * The authorization code flow of each provider, with PKCE (S256) for all three, through
 * arctic: its Google client, and its generic RFC 6749/7636 client for Yandex and GitHub,
 * whose own arctic clients send no code challenge (docs/decisions/0205).
 */
type CodeFlow = {
  authorizeUrl(state: string, codeVerifier: string, scopes: string[]): URL;
  accessToken(code: string, codeVerifier: string): Promise<string>;
};

function genericFlow(authorize: string, token: string) {
  return ({ clientId, clientSecret }: OAuthClient, redirectUri: string): CodeFlow => {
    const client = new OAuth2Client(clientId, clientSecret, redirectUri);
    return {
      authorizeUrl: (state, verifier, scopes) =>
        client.createAuthorizationURLWithPKCE(
          authorize,
          state,
          CodeChallengeMethod.S256,
          verifier,
          scopes,
        ),
      accessToken: async (code, verifier) =>
        (await client.validateAuthorizationCode(token, code, verifier)).accessToken(),
    };
  };
}

const CODE_FLOWS: Record<SocialProvider, (client: OAuthClient, redirectUri: string) => CodeFlow> = {
  yandex: genericFlow('https://oauth.yandex.com/authorize', 'https://oauth.yandex.com/token'),
  google: ({ clientId, clientSecret }, redirectUri) => {
    const google = new Google(clientId, clientSecret, redirectUri);
    return {
      authorizeUrl: (state, verifier, scopes) =>
        google.createAuthorizationURL(state, verifier, scopes),
      accessToken: async (code, verifier) =>
        (await google.validateAuthorizationCode(code, verifier)).accessToken(),
    };
  },
  github: genericFlow(
    'https://github.com/login/oauth/authorize',
    'https://github.com/login/oauth/access_token',
  ),
};

/** Rejects when the signal aborts, whether or not the call listens to it. */
function untilAborted<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return Promise.race([
    call,
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    ),
  ]);
}

export function oauthProvider(id: SocialProvider, client: OAuthClient): Provider {
  const endpoints = ENDPOINTS[id];
  return {
    id,
    name: PROVIDER_NAMES[id],
    authorizeUrl: ({ state, codeVerifier, redirectUri }) =>
      CODE_FLOWS[id](client, redirectUri)
        .authorizeUrl(state, codeVerifier, endpoints.scopes)
        .toString(),
    exchangeCode: async ({ code, codeVerifier, redirectUri, signal: given }) => {
      const signal = given ?? AbortSignal.timeout(10_000);
      const flow = CODE_FLOWS[id](client, redirectUri);
      const accessToken = await untilAborted(flow.accessToken(code, codeVerifier), signal);
      const identity = await endpoints.identity(accessToken, signal);
      if (!identity.subject) throw new Error(`${id}: no subject`);
      return identity;
    },
  };
}
