import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailCodes, mails, passwordResets, sessions, users } from '../../server/db/schema.ts';
import { SESSION_IDLE_MS, SESSION_TTL_MS } from '../../server/identity/sessions.ts';
import { parseSetCookie, useTestServer } from '../server/harness.ts';
import { STRONG, uniqueEmail } from '../server/identity.ts';

/* Issue "Security", item 6, and checklist points 13-15 and 17, in production mode. */
const server = useTestServer({
  env: {
    NODE_ENV: 'production',
    SESSION_SECRET: 'p'.repeat(48),
    PUBLIC_URL: 'https://portal.test',
  },
});
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function signIn() {
  const { user, password } = await server().createUser();
  const client = server().client();
  const response = await client.postForm('/api/auth/login/', { login: user.username, password });
  expect(response.status).toBe(200);
  return { user, client, response };
}

describe('production', () => {
  it('has no sandbox identity provider: an unconfigured provider is not found', async () => {
    const client = server().client();
    for (const id of ['yandex', 'google', 'github']) {
      const start = await client.get(`/api/auth/social/${id}/start/?intent=signup`);
      expect(start.status, id).toBe(404);
      expect(start.headers.get('location'), id).toBeNull();
    }
  });

  it("has no development switch that ages a session's sign-in", async () => {
    const { client } = await signIn();
    const answer = await client.request('/api/dev/session/age/', { method: 'POST' });
    expect(answer.status).toBe(404);
    const phone = await signIn();
    // Signed in just now: a sensitive action goes through without the password again.
    expect((await phone.client.request('/api/v1/sessions/', { method: 'DELETE' })).status).toBe(
      204,
    );
  });

  it('sends Strict-Transport-Security (a year or more) on every kind of response', async () => {
    const answers = [
      await server().client().get('/api/v1/countries/'),
      await server().client().get('/api/v1/profile/'),
      await server().client().get('/api/nothing-here/'),
      await server().client().get('/en/login/1'),
      await server().client().postJson('/api/v1/ip_country/', { lang: 'en' }, { csrf: false }),
    ];
    for (const answer of answers) {
      const maxAge = /max-age=(\d+)/.exec(answer.headers.get('strict-transport-security') ?? '');
      expect(Number(maxAge?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    }
  });

  it('names its cookies with the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const { response } = await signIn();
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    const names = cookies.map((c) => c.name);
    expect(names).toContain('__Host-sessionid');
    for (const cookie of cookies) {
      expect(cookie.name.startsWith('__Host-')).toBe(true);
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain')).toBe(false);
    }
    const csrf = (await server().client().get('/api/v1/countries/')).headers.getSetCookie();
    expect(csrf.map((h) => parseSetCookie(h).name)).toEqual(['__Host-csrftoken']);
  });

  it('ignores the unprefixed cookie names', async () => {
    const { client } = await signIn();
    const token = client.cookies.get('__Host-sessionid') ?? '';
    const plain = server().client();
    plain.cookies.set('sessionid', token);
    expect((await plain.get('/api/v1/profile/')).status).toBe(401);
  });

  it('ends a session unused for the idle time, and any session at its absolute lifetime', async () => {
    const idle = await signIn();
    server().clock.advance(SESSION_IDLE_MS + MINUTE);
    expect((await idle.client.get('/api/v1/profile/')).status).toBe(401);
    const busy = await signIn();
    for (let day = 0; day + 6 < SESSION_TTL_MS / DAY; day += 6) {
      server().clock.advance(6 * DAY);
      expect((await busy.client.get('/api/v1/profile/')).status).toBe(200);
    }
    server().clock.advance(6 * DAY);
    expect((await busy.client.get('/api/v1/profile/')).status).toBe(401);
  });

  it('never writes a verification code or a reset link to the log or the database in clear', async () => {
    const email = uniqueEmail();
    const signup = await server()
      .client()
      .postForm('/api/auth/signup/', { email, password: STRONG, agree: 'on' });
    expect(signup.status).toBe(200);
    const { user } = await signIn();
    await server().client().postForm('/api/auth/password/reset/', { email: user.email });
    const stored = await server().db.select().from(mails);
    expect(stored.map((m) => m.to)).toEqual(expect.arrayContaining([email, user.email]));
    for (const mail of stored) {
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\b\d{6}\b|password\/set\//);
    }
    // Request lines name the route's pattern (/api/auth/password/set/), never a link.
    const logged = server().logger.entries.filter((entry) => entry.message !== 'request');
    expect(JSON.stringify(logged)).not.toMatch(/\b\d{6}\b|password\/set\//);
    expect(JSON.stringify(server().logger.entries)).not.toMatch(/\b\d{6}\b|\?token=/);
    const [code] = await server()
      .db.select()
      .from(emailCodes)
      .innerJoin(users, eq(users.id, emailCodes.userId))
      .where(eq(users.email, email));
    expect(code?.email_codes.codeHash).toMatch(/^[\w-]{43}$/);
    const [reset] = await server()
      .db.select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(reset?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [session] = await server().db.select().from(sessions).limit(1);
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
