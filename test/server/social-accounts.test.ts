import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { socialUser, type SocialRequest } from '../../server/identity/social/link.ts';
import { oauthProvider } from '../../server/identity/social/oauth.ts';
import { codeChallenge, newCodeVerifier } from '../../server/identity/social/provider.ts';
import { sandboxCode, sandboxProvider } from '../../server/identity/social/sandbox.ts';
import { useTestServer } from './harness.ts';
import { location } from './social-flow.ts';

const server = useTestServer();
const configured = useTestServer({
  env: { YANDEX_CLIENT_ID: 'client-1', YANDEX_CLIENT_SECRET: 'secret-1' },
});

const request: SocialRequest = {
  provider: 'google',
  intent: 'login',
  locale: 'en',
  userId: null,
  country: () => Promise.resolve('FR'),
  consented: true,
  device: { userAgent: null, ip: 'unknown', country: null },
};
const identity = {
  subject: 'g-1',
  email: null,
  email_verified: false,
  first_name: 'Jo',
  last_name: '3',
  picture_url: null,
};

describe('socialUser', () => {
  it('refuses an unverified e-mail that belongs to an account', async () => {
    const { user } = await server().createUser();
    const unverified = { ...identity, subject: 'g-2', email: user.email };
    await expect(socialUser(server().deps(), request, unverified)).rejects.toMatchObject({
      code: 'user_already_exists',
    });
  });

  it('refuses an identity without an e-mail, or with an unverified new one', async () => {
    await expect(socialUser(server().deps(), request, identity)).rejects.toMatchObject({
      code: 'social_denied',
    });
    const unverified = { ...identity, email: 'fresh@example.com' };
    await expect(socialUser(server().deps(), request, unverified)).rejects.toMatchObject({
      code: 'social_denied',
    });
  });

  it('creates with the country given and drops a name that is not a personName', async () => {
    const verified = { ...identity, email: 'Jo@Example.com', email_verified: true };
    const outcome = await socialUser(server().deps(), request, verified);
    if (outcome.kind !== 'user') throw new Error(`no user: ${outcome.kind}`);
    const [user] = await server().db.select().from(users).where(eq(users.id, outcome.userId));
    expect(user).toMatchObject({
      email: 'jo@example.com',
      firstName: 'Jo',
      lastName: '',
      country: 'FR',
      passwordHash: null,
      locale: 'en',
    });
    expect(user?.emailConfirmedAt).not.toBeNull();
  });

  it('creates nothing without consent to the terms, and says so', async () => {
    const fresh = { ...identity, subject: 'g-3', email: 'no-consent@example.com' };
    const outcome = await socialUser(
      server().deps(),
      { ...request, consented: false },
      { ...fresh, email_verified: true },
    );
    expect(outcome).toEqual({ kind: 'consentNeeded' });
    const rows = await server().db.select().from(users).where(eq(users.email, fresh.email));
    expect(rows).toEqual([]);
  });

  it('needs no consent to sign in to or link an account that exists', async () => {
    const { user } = await server().createUser();
    const known = { ...identity, subject: 'g-4', email: user.email, email_verified: true };
    const outcome = await socialUser(server().deps(), { ...request, consented: false }, known);
    expect(outcome).toEqual({ kind: 'user', userId: user.id });
  });
});

describe('PKCE and the providers', () => {
  it('the sandbox exchange checks the verifier like a real provider', async () => {
    const provider = sandboxProvider(server().deps(), 'yandex');
    const verifier = newCodeVerifier();
    const redirectUri = 'http://localhost:8080/api/auth/social/yandex/callback/';
    const code = sandboxCode(server().deps(), {
      p: 'yandex',
      e: 'Pk@Example.com',
      f: 'P',
      l: 'K',
      c: codeChallenge(verifier),
      r: redirectUri,
    });
    await expect(
      provider.exchangeCode({ code, codeVerifier: newCodeVerifier(), redirectUri }),
    ).rejects.toThrow(/code_verifier/);
    await expect(
      provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: `${redirectUri}x` }),
    ).rejects.toThrow(/redirect_uri/);
    await expect(
      provider.exchangeCode({ code: `${code}x`, codeVerifier: verifier, redirectUri }),
    ).rejects.toThrow(/signature/);
    expect(
      await provider.exchangeCode({ code, codeVerifier: verifier, redirectUri }),
    ).toMatchObject({
      email: 'pk@example.com',
      email_verified: true,
    });
    server().clock.advance(60_000);
    await expect(
      provider.exchangeCode({ code, codeVerifier: verifier, redirectUri }),
    ).rejects.toThrow(/expired/);
  });

  it('a configured provider sends the browser to the real service with state and S256', async () => {
    const start = await configured().client().get('/api/auth/social/yandex/start/?intent=signup');
    const url = new URL(start.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://oauth.yandex.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'http://localhost:8080/api/auth/social/yandex/callback/',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // The sandbox no longer stands in for it; the others keep theirs.
    expect(
      (await configured().client().get(`/sandbox/idp/yandex/authorize${url.search}`)).status,
    ).toBe(400);
    expect(location(await configured().client().get('/api/auth/social/github/start/'))).toMatch(
      /^\/sandbox\/idp\/github\/authorize\?/,
    );
  });

  it('the real adapters build their authorize URLs', () => {
    const client = { clientId: 'id', clientSecret: 'secret' };
    const verifier = newCodeVerifier();
    const args = { state: 's', codeVerifier: verifier, redirectUri: 'https://portal.example/cb' };
    const google = new URL(oauthProvider('google', client).authorizeUrl(args));
    expect(google.origin + google.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'id',
      redirect_uri: 'https://portal.example/cb',
      state: 's',
      scope: 'openid email profile',
      code_challenge: codeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const github = new URL(oauthProvider('github', client).authorizeUrl(args));
    expect(github.origin + github.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(github.searchParams.get('scope')).toBe('read:user user:email');
    expect(github.searchParams.get('state')).toBe('s');
    // PKCE with every provider, GitHub and Yandex included.
    expect(github.searchParams.get('code_challenge')).toBe(codeChallenge(verifier));
    expect(github.searchParams.get('code_challenge_method')).toBe('S256');
    const yandex = new URL(oauthProvider('yandex', client).authorizeUrl(args));
    expect(yandex.origin + yandex.pathname).toBe('https://oauth.yandex.com/authorize');
    expect(yandex.searchParams.get('scope')).toBe('login:email login:info login:avatar');
    expect(yandex.searchParams.get('redirect_uri')).toBe('https://portal.example/cb');
  });

  it('the real adapters exchange the code and read the person', async () => {
    const seen: { url: string; body: string }[] = [];
    const answers: Record<string, unknown> = {
      'https://oauth2.googleapis.com/token': { access_token: 'g-token', token_type: 'Bearer' },
      'https://openidconnect.googleapis.com/v1/userinfo': {
        sub: 'g-42',
        email: 'ann@example.com',
        email_verified: true,
        given_name: 'Ann',
        family_name: 'Lee',
      },
    };
    vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, body: await request.text() });
      return Response.json(answers[request.url] ?? {}, {
        status: request.url in answers ? 200 : 404,
      });
    });
    try {
      const google = oauthProvider('google', { clientId: 'id', clientSecret: 'secret' });
      const identity = await google.exchangeCode({
        code: 'the-code',
        codeVerifier: 'the-verifier',
        redirectUri: 'https://portal.example/cb',
      });
      expect(identity).toEqual({
        subject: 'g-42',
        email: 'ann@example.com',
        email_verified: true,
        first_name: 'Ann',
        last_name: 'Lee',
        picture_url: null,
      });
      const token = new URLSearchParams(seen[0]!.body);
      expect(seen[0]!.url).toBe('https://oauth2.googleapis.com/token');
      expect(Object.fromEntries(token)).toMatchObject({
        grant_type: 'authorization_code',
        code: 'the-code',
        code_verifier: 'the-verifier',
        redirect_uri: 'https://portal.example/cb',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
