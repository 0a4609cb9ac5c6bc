import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { codeChallenge } from '../../server/identity/social/provider.ts';
import { oauthStates, socialAccounts, users } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
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

  it('links to the account with the same verified e-mail', async () => {
    const { user } = await server().createUser();
    const client = server().client();
    expect(location(await socialRoundTrip(client, 'google', { email: user.email }))).toBe(
      '/en/profile',
    );
    const [link] = await server()
      .db.select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, user.id));
    expect(link).toMatchObject({ provider: 'google', email: user.email });
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

  it('uses PKCE S256 and a single-use state that expires in 10 minutes', async () => {
    const client = server().client();
    const start = await client.get(
      '/api/auth/social/google/start/?intent=login&next=https://evil.example/',
    );
    const consentPath = location(start);
    const query = new URL(consentPath, 'http://x').searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
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
    expect(location(await client.get(callback))).toBe('/en/profile');
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

  it('shows an accessible consent page with the provider name, prefilled', async () => {
    const client = server().client();
    const html = await (
      await client.get(location(await client.get('/api/auth/social/github/start/')))
    ).text();
    expect(html).toContain('<h1>GitHub (sandbox identity provider)</h1>');
    for (const id of ['email', 'first_name', 'last_name']) {
      expect(html).toMatch(
        new RegExp(
          `<label for="${id}">[^<]+</label><br><input id="${id}" name="${id}" [^>]*value="[^"]+"`,
        ),
      );
    }
    expect(html).toContain('value="allow">Allow</button>');
    expect(html).toContain('value="deny" formnovalidate>Deny</button>');
  });

  it('answers 404 for an unknown provider and 400 for an unknown intent', async () => {
    expect((await server().client().get('/api/auth/social/facebook/start/')).status).toBe(404);
    expect(
      (await server().client().get('/api/auth/social/yandex/start/?intent=steal')).status,
    ).toBe(400);
  });
});
