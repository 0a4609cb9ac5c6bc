import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthProvider } from '../../server/identity/social/oauth.ts';
import { codeChallenge } from '../../server/identity/social/provider.ts';

/*
 * The real providers' adapters against a stand-in for fetch that answers as each
 * provider's documentation says (decision 0205): what each sends, and how it reads the
 * person from the answers.
 */

const CLIENT = { clientId: 'our-client', clientSecret: 'our-secret' };
const EXCHANGE = {
  code: 'the-code',
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'https://portal.test/api/auth/social/x/callback/',
};

type Call = { url: string; method: string; headers: Headers; body: string };
let calls: Call[] = [];
/** The answer to each address; a missing one is a failed call. */
let answers: Record<string, { status?: number; json: unknown }> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    calls.push({
      url: input,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    });
    const answer = answers[input];
    if (!answer) return Promise.resolve(new Response('not found', { status: 404 }));
    return Promise.resolve(Response.json(answer.json, { status: answer.status ?? 200 }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const YANDEX_TOKEN = 'https://oauth.yandex.com/token';
const YANDEX_INFO = 'https://login.yandex.ru/info?format=json';
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
const GOOGLE_INFO = 'https://openidconnect.googleapis.com/v1/userinfo';
const GITHUB_TOKEN = 'https://github.com/login/oauth/access_token';

describe("the provider's authorization address", () => {
  it.each([
    ['yandex', 'https://oauth.yandex.com/authorize', 'login:email login:info login:avatar'],
    ['google', 'https://accounts.google.com/o/oauth2/v2/auth', 'openid email profile'],
    ['github', 'https://github.com/login/oauth/authorize', 'read:user user:email'],
  ] as const)('%s: the code flow with PKCE S256, the scopes it documents', (id, base, scope) => {
    const url = new URL(
      oauthProvider(id, CLIENT).authorizeUrl({
        state: 'the-state',
        codeVerifier: EXCHANGE.codeVerifier,
        redirectUri: EXCHANGE.redirectUri,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(base);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: EXCHANGE.redirectUri,
      scope,
      state: 'the-state',
      code_challenge: codeChallenge(EXCHANGE.codeVerifier),
      code_challenge_method: 'S256',
    });
  });
});

describe('the code exchange', () => {
  it('posts the code with PKCE and the client as a form, asking for JSON, then reads the person', async () => {
    answers[YANDEX_TOKEN] = { json: { access_token: 'ya-token' } };
    answers[YANDEX_INFO] = { json: { id: '1001', default_email: 'sam@yandex.ru' } };
    await oauthProvider('yandex', CLIENT).exchangeCode(EXCHANGE);
    const [token, info] = calls;
    expect(token?.url).toBe(YANDEX_TOKEN);
    expect(token?.method).toBe('POST');
    expect(token?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(token?.headers.get('accept')).toBe('application/json');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'authorization_code',
      code: EXCHANGE.code,
      redirect_uri: EXCHANGE.redirectUri,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      code_verifier: EXCHANGE.codeVerifier,
    });
    expect(info?.url).toBe(YANDEX_INFO);
    expect(info?.headers.get('authorization')).toBe('OAuth ya-token');
  });

  it('fails on a refused token call, an answer without a token or a person without an id', async () => {
    const exchange = () => oauthProvider('google', CLIENT).exchangeCode(EXCHANGE);
    answers[GOOGLE_TOKEN] = { status: 400, json: { access_token: 'g-token' } };
    await expect(exchange()).rejects.toThrow(`${GOOGLE_TOKEN} answered 400`);
    answers[GOOGLE_TOKEN] = { json: { token_type: 'Bearer' } };
    await expect(exchange()).rejects.toThrow('google: no access token');
    answers[GOOGLE_TOKEN] = { json: { access_token: 'g-token' } };
    answers[GOOGLE_INFO] = { json: { email: 'sam@gmail.com' } };
    await expect(exchange()).rejects.toThrow('google: no subject');
    answers[GOOGLE_INFO] = { json: null };
    await expect(exchange()).rejects.toThrow('google: no subject');
  });
});

describe('Yandex', () => {
  const person = async (info: unknown) => {
    answers[YANDEX_TOKEN] = { json: { access_token: 'ya-token' } };
    answers[YANDEX_INFO] = { json: info };
    return oauthProvider('yandex', CLIENT).exchangeCode(EXCHANGE);
  };

  it('reads its verified address, names and picture', async () => {
    expect(
      await person({
        id: '1001',
        default_email: 'sam@yandex.ru',
        first_name: 'Sam',
        last_name: 'Smith',
        default_avatar_id: '12/ab',
        is_avatar_empty: false,
      }),
    ).toEqual({
      subject: '1001',
      email: 'sam@yandex.ru',
      email_verified: true,
      first_name: 'Sam',
      last_name: 'Smith',
      picture_url: 'https://avatars.yandex.net/get-yapic/12%2Fab/islands-200',
    });
  });

  it('gives no address, names or picture it does not have', async () => {
    expect(
      await person({ id: '1002', default_avatar_id: '34', is_avatar_empty: true, first_name: 7 }),
    ).toEqual({
      subject: '1002',
      email: null,
      email_verified: false,
      first_name: '',
      last_name: '',
      picture_url: null,
    });
    expect((await person({ id: '1003', is_avatar_empty: false })).picture_url).toBeNull();
  });
});

describe('Google', () => {
  const person = async (info: unknown) => {
    calls = [];
    answers[GOOGLE_TOKEN] = { json: { access_token: 'g-token' } };
    answers[GOOGLE_INFO] = { json: info };
    const identity = await oauthProvider('google', CLIENT).exchangeCode(EXCHANGE);
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer g-token');
    return identity;
  };

  it('reads its address and whether it is verified, the names and the picture', async () => {
    expect(
      await person({
        sub: 'g-1',
        email: 'sam@gmail.com',
        email_verified: true,
        given_name: 'Sam',
        family_name: 'Smith',
        picture: 'https://lh3.googleusercontent.com/a/x',
      }),
    ).toEqual({
      subject: 'g-1',
      email: 'sam@gmail.com',
      email_verified: true,
      first_name: 'Sam',
      last_name: 'Smith',
      picture_url: 'https://lh3.googleusercontent.com/a/x',
    });
    const unverified = await person({ sub: 'g-2', email: 'x@example.com', email_verified: 'true' });
    expect(unverified).toMatchObject({ email_verified: false, picture_url: null });
  });
});

describe('GitHub', () => {
  const person = async (user: unknown, emails: unknown) => {
    calls = [];
    answers[GITHUB_TOKEN] = { json: { access_token: 'gh-token' } };
    answers['https://api.github.com/user'] = { json: user };
    answers['https://api.github.com/user/emails'] = { json: emails };
    const identity = await oauthProvider('github', CLIENT).exchangeCode(EXCHANGE);
    for (const call of calls.slice(1)) {
      expect(call.headers.get('authorization')).toBe('Bearer gh-token');
      expect(call.headers.get('accept')).toBe('application/vnd.github+json');
    }
    return identity;
  };

  it('reads the primary address, the name split at its first space, and the avatar', async () => {
    expect(
      await person({ id: 42, name: '  Sam  van der Berg ', avatar_url: 'https://a/u/42' }, [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'sam@example.com', primary: true, verified: true },
      ]),
    ).toEqual({
      subject: '42',
      email: 'sam@example.com',
      email_verified: true,
      first_name: 'Sam',
      last_name: 'van der Berg',
      picture_url: 'https://a/u/42',
    });
  });

  it('takes a primary address it has not verified as unverified, and no list as none', async () => {
    const unverified = await person({ id: 43, name: 'Sam' }, [
      { email: 'sam@example.com', primary: true, verified: 'yes' },
    ]);
    expect(unverified).toMatchObject({
      email: 'sam@example.com',
      email_verified: false,
      first_name: 'Sam',
      last_name: '',
      picture_url: null,
    });
    const none = await person({ id: 44 }, { message: 'Requires authentication' });
    expect(none).toMatchObject({ email: null, email_verified: false, first_name: '' });
    await expect(person({ name: 'Sam' }, [])).rejects.toThrow('github: no subject');
  });
});
