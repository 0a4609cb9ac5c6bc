import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../server/identity/sessions.ts';
import { sessions } from '../../server/db/schema.ts';
import { parseSetCookie, useTestServer } from './harness.ts';

const server = useTestServer();
const LOGIN = '/api/auth/login/';

function sessionCookie(response: Response) {
  const header = response.headers.getSetCookie().find((h) => h.startsWith('sessionid='));
  return header === undefined ? undefined : parseSetCookie(header);
}

describe('POST /api/auth/login/', () => {
  it('signs in by username, form-encoded, and answers the local next', async () => {
    const { user, password } = await server().createUser({ username: 'Alice' });
    const client = server().client();
    const response = await client.postForm(LOGIN, {
      login: 'alice',
      password,
      next: '/ru/subscription?x=1',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ next: '/ru/subscription?x=1' });
    const profile = await client.get('/api/v1/profile/');
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ username: user.username, email: user.email });
  });

  it('signs in by e-mail in any case and defaults next to the profile', async () => {
    const { password } = await server().createUser({ email: 'bob@example.com' });
    const client = server().client();
    const response = await client.postForm(LOGIN, { login: '  BOB@Example.COM ', password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ next: '/en/profile' });
  });

  it('takes the default next locale from the locale cookie, then Accept-Language', async () => {
    const { user, password } = await server().createUser();
    const byCookie = server().client();
    byCookie.cookies.set('locale', 'ru');
    const first = await byCookie.postForm(LOGIN, { login: user.username, password });
    expect(await first.json()).toEqual({ next: '/ru/profile' });
    const byHeader = await server()
      .client()
      .postForm(
        LOGIN,
        { login: user.username, password },
        { headers: { 'Accept-Language': 'de, ru;q=0.8, en;q=0.5' } },
      );
    expect(await byHeader.json()).toEqual({ next: '/ru/profile' });
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'profile',
    '',
  ])('replaces a next that is not a local path: %j', async (next) => {
    const { user, password } = await server().createUser();
    const response = await server()
      .client()
      .postForm(LOGIN, { login: user.username, password, next });
    expect(await response.json()).toEqual({ next: '/en/profile' });
  });

  it('answers user_absent at login for an unknown user', async () => {
    const response = await server()
      .client()
      .postForm(LOGIN, { login: 'nobody@example.com', password: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          code: 'user_absent',
          detail: 'There is no profile with this email',
          source: { pointer: 'login' },
        },
      ],
    });
  });

  it('answers wrong_credentials at password for a wrong password', async () => {
    const { user } = await server().createUser();
    const client = server().client();
    const response = await client.postForm(LOGIN, { login: user.email, password: 'Wrong-pass-1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          code: 'wrong_credentials',
          detail: 'The password is incorrect',
          source: { pointer: 'password' },
        },
      ],
    });
    expect(client.cookies.has('sessionid')).toBe(false);
    expect(client.cookies.has('device')).toBe(false);
  });

  it('gives the browser a device cookie of the account with the right password', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    const answer = await client.postForm(LOGIN, { login: user.username, password });
    expect(client.cookies.get('device')).toMatch(new RegExp(`^${user.id}\\.`));
    // Kept a year, out of the page's scripts' reach.
    const header = answer.headers.getSetCookie().find((h) => h.startsWith('device='));
    const cookie = parseSetCookie(header ?? '');
    expect(cookie.attributes.get('max-age')).toBe(String(365 * 24 * 60 * 60));
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    const first = client.cookies.get('device');
    await client.postForm(LOGIN, { login: user.email, password });
    // A new nonce each time: the old device's bucket is left behind with its failures.
    expect(client.cookies.get('device')).not.toBe(first);
  });

  it('puts required errors at each missing field', async () => {
    const response = await server().client().postForm(LOGIN, { login: '   ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        { code: 'required', detail: 'This field is required', source: { pointer: 'login' } },
        { code: 'required', detail: 'This field is required', source: { pointer: 'password' } },
      ],
    });
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, Lax, 30-day sessionid cookie, not Secure outside production', async () => {
    const { user, password } = await server().createUser();
    const response = await server().client().postForm(LOGIN, { login: user.username, password });
    const cookie = sessionCookie(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')).toBe('Lax');
    expect(cookie?.attributes.get('path')).toBe('/');
    expect(cookie?.attributes.get('max-age')).toBe(String(SESSION_TTL_MS / 1000));
    expect(cookie?.attributes.has('secure')).toBe(false);
  });

  it('stores only the hash of the token', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.postForm(LOGIN, { login: user.username, password });
    const rows = await server().db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(client.cookies.get('sessionid'));
  });

  it('issues a new token at each sign-in and drops the old one', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.postForm(LOGIN, { login: user.username, password });
    const first = client.cookies.get('sessionid');
    await client.postForm(LOGIN, { login: user.username, password });
    const second = client.cookies.get('sessionid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = server().client();
    stale.cookies.set('sessionid', first ?? '');
    expect((await stale.get('/api/v1/profile/')).status).toBe(401);
    expect((await client.get('/api/v1/profile/')).status).toBe(200);
    expect(
      await server().db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(1);
  });

  it('ignores an expired session', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.postForm(LOGIN, { login: user.username, password });
    server().clock.advance(SESSION_TTL_MS + 1000);
    try {
      expect((await client.get('/api/v1/profile/')).status).toBe(401);
    } finally {
      server().clock.advance(-(SESSION_TTL_MS + 1000));
    }
    expect((await client.get('/api/v1/profile/')).status).toBe(200);
  });

  it('ends 30 days after sign-in however busy, and after 7 days unused', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const { user, password } = await server().createUser();
    const [busy, idle, idleToo] = [server().client(), server().client(), server().client()];
    for (const client of [busy, idle, idleToo]) {
      await client.postForm(LOGIN, { login: user.username, password });
    }
    const status = async (client: typeof busy) => (await client.get('/api/v1/profile/')).status;
    let moved = 0;
    const advance = (ms: number) => {
      server().clock.advance(ms);
      moved += ms;
    };
    try {
      // Unused for 7 days less a millisecond: still signed in; for 7 days: signed out.
      advance(7 * DAY - 1);
      expect(await status(idle)).toBe(200);
      expect(await status(busy)).toBe(200);
      advance(1);
      expect(await status(idleToo)).toBe(401);
      // Used every few days, never idle: signed in until the 30th day's very end.
      for (let day = 7; day < 28; day += 6) {
        expect(await status(busy)).toBe(200);
        advance(6 * DAY);
      }
      advance(30 * DAY - moved - 1);
      expect(await status(busy)).toBe(200);
      advance(1);
      expect(await status(busy)).toBe(401);
    } finally {
      server().clock.advance(-moved);
    }
  });

  it('logout ends the session and clears the cookie', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.postForm(LOGIN, { login: user.username, password });
    const token = client.cookies.get('sessionid') ?? '';
    const response = await client.request('/api/auth/logout/', { method: 'POST' });
    expect(response.status).toBe(204);
    expect(sessionCookie(response)?.attributes.get('max-age')).toBe('0');
    expect(client.cookies.has('sessionid')).toBe(false);
    const replay = server().client();
    replay.cookies.set('sessionid', token);
    expect((await replay.get('/api/v1/profile/')).status).toBe(401);
  });

  it('logout is fine when not signed in', async () => {
    const response = await server().client().request('/api/auth/logout/', { method: 'POST' });
    expect(response.status).toBe(204);
  });
});
