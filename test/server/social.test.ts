import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { codeChallenge } from '../../server/identity/social/provider.ts';
import { oauthStates, socialAccounts, users } from '../../server/db/schema.ts';
import { parseSetCookie, useTestServer } from './harness.ts';
import { startSignup, uniqueEmail } from './identity.ts';
import { hiddenFields, location, socialRoundTrip } from './social-flow.ts';

const server = useTestServer();

describe('social sign-in through the sandbox provider', () => {
  it('creates a confirmed account without a password and signs in', async () => {
    const client = server().client();
    const email = uniqueEmail('social');
    const done = await socialRoundTrip(
      client,
      'yandex',
      { email },
      { intent: 'signup', next: '/en/software' },
    );
    expect(location(done)).toBe('/en/software');
    const profile = await (await client.get('/api/v1/profile/')).json();
    expect(profile).toMatchObject({
      email,
      first_name: 'Sam',
      last_name: 'Smith',
      country: 'US',
      has_password: false,
    });
    const list = await (await client.get('/api/v1/profile/social/')).json();
    expect(list).toEqual([{ provider: 'yandex', email, linked_at: expect.any(String) }]);
    // The same identity again signs in to the same account.
    const again = server().client();
    expect(location(await socialRoundTrip(again, 'yandex', { email }))).toBe('/en/profile');
    expect(await server().db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('links to the account with the same verified e-mail, from sign-in without the terms', async () => {
    const { user } = await server().createUser();
    const client = server().client();
    expect(
      location(await socialRoundTrip(client, 'google', { email: user.email }, { intent: 'login' })),
    ).toBe('/en/profile');
    const [link] = await server()
      .db.select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(link).toMatchObject({ provider: 'google', email: user.email });
    // A confirmed account keeps its password and its confirmation: only an unconfirmed
    // sign-up's password is dropped (below).
    const [after] = await server().db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(user.passwordHash);
    expect(after?.emailConfirmedAt).toEqual(user.emailConfirmedAt);
  });

  it('makes the browser known to the account at its first sign-in, and keeps it so', async () => {
    const { user } = await server().createUser();
    const client = server().client();
    const login = () =>
      socialRoundTrip(client, 'google', { email: user.email }, { intent: 'login' });
    expect(location(await login())).toBe('/en/profile');
    const device = client.cookies.get('device');
    expect(device).toMatch(new RegExp(`^${user.id}\\.`));
    expect((await client.postForm('/api/auth/logout/', {})).status).toBe(204);
    expect(location(await login())).toBe('/en/profile');
    expect(client.cookies.get('device')).toBe(device);
  });

  it('takes the picture the provider shows at each sign-in', async () => {
    const email = uniqueEmail('picture');
    await socialRoundTrip(server().client(), 'github', { email });
    const [linked] = await server()
      .db.select()
      .from(socialAccounts)
      .where(eq(socialAccounts.email, email));
    const current = linked?.pictureUrl;
    expect(current).toMatch(/\/sandbox\/idp\/github\/picture\//);
    // As if the person had another picture at the provider when they last came.
    await server()
      .db.update(socialAccounts)
      .set({ pictureUrl: null })
      .where(eq(socialAccounts.email, email));
    await socialRoundTrip(server().client(), 'github', { email }, { intent: 'login' });
    const [again] = await server()
      .db.select()
      .from(socialAccounts)
      .where(eq(socialAccounts.email, email));
    expect(again?.pictureUrl).toBe(current);
  });

  it('takes over an unconfirmed sign-up, dropping its password', async () => {
    const { email } = await startSignup(server());
    const client = server().client();
    await socialRoundTrip(client, 'github', { email });
    const [user] = await server().db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailConfirmedAt).not.toBeNull();
  });

  it('sends a denial back to the sign-in page with social_denied', async () => {
    const client = server().client();
    client.cookies.set('locale', 'ru');
    const denied = await socialRoundTrip(
      client,
      'yandex',
      { email: uniqueEmail() },
      { decision: 'deny' },
    );
    expect(location(denied)).toBe('/ru/login/1?error=social_denied');
    expect((await client.get('/api/v1/profile/')).status).toBe(401);
  });

  it('sends a sign-in cancelled from a Russian page back to the Russian page', async () => {
    // Issue 31: the saved choice (and the browser) say English, the page said Russian.
    const client = server().client();
    client.cookies.set('locale', 'en');
    const cancelled = await socialRoundTrip(
      client,
      'yandex',
      { email: uniqueEmail() },
      { intent: 'login', decision: 'deny', locale: 'ru' },
    );
    expect(location(cancelled)).toBe('/ru/login/1?error=social_denied');
  });

  it('uses PKCE S256 and a single-use state that expires in 10 minutes', async () => {
    const client = server().client();
    const start = await client.get(
      '/api/auth/social/google/start/?intent=login&next=https://evil.example/',
    );
    const consentPath = location(start);
    const query = new URL(consentPath, 'http://x').searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
    // The browser holds the state for as long as the server does, out of scripts' reach.
    const stateCookie = parseSetCookie(
      start.headers.getSetCookie().find((h) => h.startsWith('oauth_state=')) ?? '',
    );
    expect(stateCookie.value).toBe(query.get('state'));
    expect(stateCookie.attributes.get('max-age')).toBe('600');
    expect(stateCookie.attributes.has('httponly')).toBe(true);
    expect(stateCookie.attributes.get('samesite')).toBe('Lax');
    const states = await server().db.select().from(oauthStates);
    const row = states.find((s) => codeChallenge(s.codeVerifier) === query.get('code_challenge'));
    expect(row).toMatchObject({ intent: 'login', next: null, provider: 'google' });
    const fields = hiddenFields(await (await client.get(consentPath)).text());
    const posted = await client.postForm('/sandbox/idp/google/authorize', {
      ...fields,
      email: uniqueEmail(),
      first_name: 'A',
      last_name: 'B',
      decision: 'allow',
    });
    const callback = location(posted);
    // A new identity from the sign-in page: the terms come first.
    expect(location(await client.get(callback))).toBe('/en/login/1?consent=google');
    expect(client.cookies.has('oauth_state')).toBe(false);
    expect(location(await server().client().get(callback))).toBe('/en/login/1?error=wrong_token');
    const unknown = await client.get('/api/auth/social/google/callback/?state=nope&code=x');
    expect(location(unknown)).toBe('/en/login/1?error=wrong_token');
    const late = await client.get('/api/auth/social/google/start/?intent=login');
    const lateState = new URL(location(late), 'http://x').searchParams.get('state') ?? '';
    server().clock.advance(10 * 60 * 1000);
    const expired = await client.get(`/api/auth/social/google/callback/?state=${lateState}&code=x`);
    expect(location(expired)).toBe('/en/login/1?error=token_expired');
  });

  it('refuses a code exchanged with another flow’s verifier', async () => {
    const client = server().client();
    const first = new URL(location(await client.get('/api/auth/social/yandex/start/')), 'http://x');
    const second = new URL(
      location(await client.get('/api/auth/social/yandex/start/')),
      'http://x',
    );
    const fields = hiddenFields(await (await client.get(first.pathname + first.search)).text());
    const posted = await client.postForm('/sandbox/idp/yandex/authorize', {
      ...fields,
      email: uniqueEmail(),
      first_name: 'A',
      last_name: 'B',
      decision: 'allow',
    });
    const code = new URL(location(posted), 'http://x').searchParams.get('code') ?? '';
    const swapped = await client.get(
      `/api/auth/social/yandex/callback/?state=${second.searchParams.get('state') ?? ''}&code=${encodeURIComponent(code)}`,
    );
    expect(location(swapped)).toBe('/en/login/1?error=social_denied');
    expect(
      server().logger.entries.some((e) => String(e.fields.error).includes('code_verifier')),
    ).toBe(true);
  });

  it('the sandbox refuses a foreign redirect_uri and a malformed request', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'sandbox',
      redirect_uri: 'https://evil.example/cb',
      state: 's',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const page = await server().client().get(`/sandbox/idp/yandex/authorize?${query.toString()}`);
    expect(page.status).toBe(400);
    const post = await server()
      .client()
      .postForm('/sandbox/idp/yandex/authorize', Object.fromEntries(query));
    expect(post.status).toBe(400);
    expect((await server().client().get('/sandbox/idp/nope/authorize')).status).toBe(400);
  });

  it('the sandbox answers a denial with access_denied and the state, and an Allow it cannot take with 400', async () => {
    const client = server().client();
    const consentPath = location(await client.get('/api/auth/social/yandex/start/'));
    const fields = hiddenFields(await (await client.get(consentPath)).text());
    const authorize = new URL(consentPath, 'http://x').pathname;
    const person = { email: uniqueEmail(), first_name: 'Sam', last_name: 'Smith' };
    const denied = new URL(
      location(await client.postForm(authorize, { ...fields, ...person, decision: 'deny' })),
      'http://x',
    );
    expect(denied.pathname).toBe('/api/auth/social/yandex/callback/');
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: 'access_denied',
      state: fields.state,
    });
    // A denial without a state sends an empty one, as it came.
    const { state: _state, ...stateless } = fields;
    const unbound = new URL(
      location(await client.postForm(authorize, { ...stateless, decision: 'deny' })),
      'http://x',
    );
    expect(Object.fromEntries(unbound.searchParams)).toEqual({ error: 'access_denied', state: '' });
    // Allow with an address that is not one is refused on the spot, not sent back.
    const refused = await client.postForm(authorize, {
      ...fields,
      ...person,
      email: 'not-an-address',
      decision: 'allow',
    });
    expect(refused.status).toBe(400);
  });

  it('shows an accessible consent page with the provider name, prefilled', async () => {
    const client = server().client();
    const html = await (
      await client.get(location(await client.get('/api/auth/social/github/start/')))
    ).text();
    expect(html).toContain('<h1>Sign in with GitHub</h1>');
    expect(html).toContain('GitHub sandbox identity provider');
    // The request's fields ride along hidden, one after another, before the person's.
    expect(html).toMatch(/<form method="post">(<input type="hidden" [^>]+>){6}\n<label/);
    for (const [id, label, type, value] of [
      ['email', 'E-mail', 'email', 'sandbox.person@example.com'],
      ['first_name', 'First name', 'text', 'Sandy'],
      ['last_name', 'Last name', 'text', 'Boxer'],
    ]) {
      expect(html).toContain(
        `<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${value}" required>`,
      );
    }
    expect(html).toContain('value="allow">Allow</button>');
    expect(html).toContain('value="deny" formnovalidate>Deny</button>');
    // Each provider's page names that provider.
    for (const [id, name] of [
      ['yandex', 'Yandex'],
      ['google', 'Google'],
    ]) {
      const page = await client.get(location(await client.get(`/api/auth/social/${id}/start/`)));
      expect(await page.text()).toContain(`<h1>Sign in with ${name}</h1>`);
    }
  });

  it('answers 404 for an unknown provider and 400 for an unknown intent', async () => {
    expect((await server().client().get('/api/auth/social/facebook/start/')).status).toBe(404);
    expect(
      (await server().client().get('/api/auth/social/yandex/start/?intent=steal')).status,
    ).toBe(400);
  });
});

const CONSENT = '/api/auth/social/consent/';

describe('a new identity from the sign-in page', () => {
  async function arrive(email: string, next?: string, locale = 'en') {
    const client = server().client();
    client.cookies.set('locale', locale);
    const done = await socialRoundTrip(
      client,
      'yandex',
      { email, first_name: 'Nia', last_name: "O'Hara" },
      { intent: 'login', ...(next ? { next } : {}) },
    );
    return { client, done };
  }
  const usersWith = (email: string) =>
    server().db.select().from(users).where(eq(users.email, email));

  it('creates no account until the terms are agreed to, then signs in and returns', async () => {
    const email = uniqueEmail('consent');
    const { client, done } = await arrive(email, '/en/software');
    expect(location(done)).toBe('/en/login/1?consent=yandex&next=%2Fen%2Fsoftware');
    const header = done.headers.getSetCookie().find((h) => h.startsWith('social_consent='));
    expect(parseSetCookie(header ?? '').attributes.has('httponly')).toBe(true);
    expect(await usersWith(email)).toEqual([]);
    expect((await client.get('/api/v1/profile/')).status).toBe(401);

    const unagreed = await client.postForm(CONSENT, {});
    expect(unagreed.status).toBe(400);
    expect(await unagreed.json()).toEqual({
      errors: [
        { code: 'required', detail: 'This field is required', source: { pointer: 'agree' } },
      ],
    });
    expect(await usersWith(email)).toEqual([]);

    const held = client.cookies.get('social_consent') ?? '';
    const agreed = await client.postForm(CONSENT, { agree: 'on' });
    expect(agreed.status).toBe(200);
    expect(await agreed.json()).toEqual({ next: '/en/software' });
    expect(client.cookies.has('social_consent')).toBe(false);
    expect(await (await client.get('/api/v1/profile/')).json()).toMatchObject({
      email,
      first_name: 'Nia',
      last_name: "O'Hara",
      // The visitor's country, here from the page's language.
      country: 'US',
      has_password: false,
    });
    const [user] = await usersWith(email);
    const links = await server()
      .db.select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user?.id ?? 0));
    expect(links).toMatchObject([{ provider: 'yandex', email }]);

    // Single use: the same cookie again is refused, and makes nothing.
    const other = server().client();
    other.cookies.set('social_consent', held);
    const replay = await other.postForm(CONSENT, { agree: 'on' });
    expect(await replay.json()).toMatchObject({ code: 'wrong_token' });
    expect((await other.get('/api/v1/profile/')).status).toBe(401);
  });

  it('carries the whole identity through the terms: names, the picture, the language', async () => {
    const email = uniqueEmail('consent-long');
    const client = server().client();
    const done = await socialRoundTrip(
      client,
      'yandex',
      { email, first_name: 'N'.repeat(64), last_name: 'O'.repeat(64) },
      { intent: 'login', locale: 'ru' },
    );
    expect(location(done)).toBe('/ru/login/1?consent=yandex');
    const agreed = await client.postForm(CONSENT, { agree: 'on' });
    expect(await agreed.json()).toEqual({ next: '/ru/profile' });
    const profile = await (await client.get('/api/v1/profile/')).json();
    // The country, too, follows the language the sign-in began in.
    expect(profile).toMatchObject({
      first_name: 'N'.repeat(64),
      last_name: 'O'.repeat(64),
      country: 'RU',
    });
    expect(profile.userpic_url).toMatch(/\/sandbox\/idp\/yandex\/picture\/[0-9a-f]{16}\.svg$/);
  });

  it('drops the identity when declined: nothing is created, the cookie is worthless', async () => {
    const email = uniqueEmail('declined');
    const { client, done } = await arrive(email, undefined, 'ru');
    expect(location(done)).toBe('/ru/login/1?consent=yandex');
    const held = client.cookies.get('social_consent') ?? '';
    const declined = await client.request(CONSENT, { method: 'DELETE' });
    expect(declined.status).toBe(204);
    expect(client.cookies.has('social_consent')).toBe(false);
    expect(await (await client.postForm(CONSENT, { agree: 'on' })).json()).toMatchObject({
      code: 'token_not_found',
    });
    client.cookies.set('social_consent', held);
    expect(await (await client.postForm(CONSENT, { agree: 'on' })).json()).toMatchObject({
      code: 'wrong_token',
    });
    expect(await usersWith(email)).toEqual([]);
  });

  it('refuses a forged, an expired or a foreign consent', async () => {
    const email = uniqueEmail('forged');
    const { client } = await arrive(email);
    const held = client.cookies.get('social_consent') ?? '';
    const [payload = '', signature = ''] = held.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { e: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, e: 'victim@example.com' })).toString(
      'base64url',
    );
    const thief = server().client();
    thief.cookies.set('social_consent', `${forged}.${signature}`);
    expect(await (await thief.postForm(CONSENT, { agree: 'on' })).json()).toMatchObject({
      code: 'wrong_token',
    });
    // Its nonce is no OAuth state either.
    const nonce = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { k: string }).k;
    thief.cookies.set('oauth_state', nonce);
    const callback = await thief.get(`/api/auth/social/yandex/callback/?state=${nonce}&code=x`);
    expect(location(callback)).toBe('/en/login/1?error=wrong_token');

    const late = await arrive(uniqueEmail('late'));
    server().clock.advance(10 * 60 * 1000);
    expect(await (await late.client.postForm(CONSENT, { agree: 'on' })).json()).toMatchObject({
      code: 'token_expired',
    });
    expect(await usersWith(email)).toEqual([]);
  });

  it('takes only a form, and keeps the flow through a refused body', async () => {
    const email = uniqueEmail('body');
    const { client } = await arrive(email);
    const json = await client.postJson(CONSENT, { agree: 'on' });
    expect(json.status).toBe(415);
    const wrong = await client.postForm(CONSENT, { agree: 'yes\u0000' });
    expect(wrong.status).toBe(400);
    expect(await usersWith(email)).toEqual([]);
    expect((await client.postForm(CONSENT, { agree: 'true' })).status).toBe(200);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('links instead when the address got an account meanwhile', async () => {
    const email = uniqueEmail('meanwhile');
    const { client } = await arrive(email);
    const { user } = await server().createUser({ email });
    const agreed = await client.postForm(CONSENT, { agree: 'on' });
    expect(await agreed.json()).toEqual({ next: '/en/profile' });
    expect(await (await client.get('/api/v1/profile/')).json()).toMatchObject({
      username: user.username,
    });
  });
});
