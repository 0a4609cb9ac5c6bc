import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Profile } from '../../contract/profile.ts';
import { mails, sessions, socialAccounts, users } from '../../server/db/schema.ts';
import { EXPORT_NOTICE_WINDOW_MS } from '../../server/identity/profile.ts';
import { useTestServer } from './harness.ts';
import { fieldCodes, mailsTo, signedUpClient } from './identity.ts';

const server = useTestServer();
const PROFILE = '/api/v1/profile/';
const update = {
  first_name: 'Ann',
  last_name: 'Lee',
  company: ' Maps Ltd ',
  industry: 'mapping',
  role: 'employee',
  phone: '+44 20 7946 0000',
  country: 'DE',
};

function patch(client: ReturnType<ReturnType<typeof server>['client']>, body: unknown) {
  return client.request(PROFILE, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('PATCH /api/v1/profile/', () => {
  it('saves and answers the Profile', async () => {
    const { client } = await signedUpClient(server());
    const response = await patch(client, update);
    expect(response.status).toBe(200);
    expect(v.parse(Profile, await response.json())).toMatchObject({
      company: 'Maps Ltd',
      country: 'DE',
      phone: '+44 20 7946 0000',
      has_password: true,
    });
  });

  it('answers field errors at their pointers', async () => {
    const { client } = await signedUpClient(server());
    const bad = await patch(client, { ...update, first_name: '', phone: '12', industry: 'piracy' });
    expect(await fieldCodes(bad)).toEqual([
      ['first_name', 'empty_first_name'],
      ['industry', 'invalid_input'],
      ['phone', 'phoneNumber'],
    ]);
    const country = await patch(client, { ...update, country: 'QQ' });
    expect(await fieldCodes(country)).toEqual([['country', 'country_not_found']]);
    expect((await patch(client, [update])).status).toBe(400);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await patch(server().client(), update)).status).toBe(401);
    const { client } = await signedUpClient(server());
    const response = await client.request(PROFILE, {
      method: 'PATCH',
      body: JSON.stringify(update),
      headers: { 'Content-Type': 'application/json' },
      csrf: false,
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/v1/profile/export/', () => {
  it('downloads every personal datum and mails a notice', async () => {
    const { client, email } = await signedUpClient(server());
    const response = await client.get('/api/v1/profile/export/');
    expect(response.status).toBe(200);
    const username = (await server().db.select().from(users).where(eq(users.email, email)))[0]
      ?.username;
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="profile-${username}.json"`,
    );
    const data = (await response.json()) as Record<string, unknown>;
    expect(data).toMatchObject({
      profile: { email, first_name: 'Ann' },
      account: { locale: 'en', has_password: true },
      social_accounts: [],
      sessions: [expect.objectContaining({ created_at: expect.any(String) })],
      mails: [expect.objectContaining({ to: email })],
    });
    expect(JSON.stringify(data)).not.toMatch(/scrypt|token_hash|code_hash/);
    const [notice] = await mailsTo(server(), email);
    expect(notice?.subject).toBe('Your profile data was exported');
    expect(notice?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('answers each of 25 parallel exports but mails one notice, another after the window', async () => {
    const { client, email } = await signedUpClient(server());
    const notices = async () =>
      (await mailsTo(server(), email)).filter(
        (m) => m.subject === 'Your profile data was exported',
      );
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => client.get('/api/v1/profile/export/')),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 25 }, () => 200));
    await Promise.all(answers.map((r) => r.json()));
    expect(await notices()).toHaveLength(1);
    // Later in the window: the export still answers, no second notice.
    server().clock.advance(EXPORT_NOTICE_WINDOW_MS / 2);
    expect((await client.get('/api/v1/profile/export/')).status).toBe(200);
    expect(await notices()).toHaveLength(1);
    server().clock.advance(EXPORT_NOTICE_WINDOW_MS);
    expect((await client.get('/api/v1/profile/export/')).status).toBe(200);
    expect(await notices()).toHaveLength(2);
  });

  it('counts the notices per account: another account still gets its own', async () => {
    const first = await signedUpClient(server());
    const second = await signedUpClient(server());
    await first.client.get('/api/v1/profile/export/');
    await second.client.get('/api/v1/profile/export/');
    for (const { email } of [first, second]) {
      const mailed = await mailsTo(server(), email);
      expect(mailed.filter((m) => m.subject === 'Your profile data was exported')).toHaveLength(1);
    }
  });

  it("mails the notice in the language of the page that asked, else in the account's", async () => {
    // Issue 31: an account saved in English exports from /ru/profile.
    const { user, password } = await server().createUser({ locale: 'en' });
    const client = server().client();
    await client.postForm('/api/auth/login/', { login: user.username, password });
    const fromRu = await client.get('/api/v1/profile/export/', {
      headers: { 'X-Page-Locale': 'ru' },
    });
    expect(fromRu.status).toBe(200);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Выгрузка данных профиля');
    expect(notice?.text).toMatch(/\/ru\/unsubscribe\//);
    // Without a page (a script, an old client), the account's saved choice.
    const saved = await server().createUser({ locale: 'ru' });
    const other = server().client();
    await other.postForm('/api/auth/login/', {
      login: saved.user.username,
      password: saved.password,
    });
    expect((await other.get('/api/v1/profile/export/')).status).toBe(200);
    const [savedNotice] = await mailsTo(server(), saved.user.email);
    expect(savedNotice?.subject).toBe('Выгрузка данных профиля');
  });

  it('answers 401 without a session', async () => {
    expect((await server().client().get('/api/v1/profile/export/')).status).toBe(401);
  });
});

describe('DELETE /api/v1/profile/', () => {
  it('deletes the user and their data, ends sessions, clears the cookie', async () => {
    const { client, email } = await signedUpClient(server());
    const other = server().client();
    await other.postForm('/api/auth/login/', { login: email, password: 'Strong-pass-1' });
    const [user] = await server().db.select().from(users).where(eq(users.email, email));
    await server()
      .db.insert(socialAccounts)
      .values({
        userId: user?.id ?? 0,
        provider: 'github',
        subject: 'gh-1',
        email,
        linkedAt: new Date(),
      });
    const response = await client.request(PROFILE, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().some((h) => /^sessionid=;.*Max-Age=0/i.test(h))).toBe(
      true,
    );
    expect(await server().db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(
      await server()
        .db.select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? 0)),
    ).toEqual([]);
    expect(await server().db.select().from(mails).where(eq(mails.to, email))).toEqual([]);
    expect(
      await server()
        .db.select()
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, user?.id ?? 0)),
    ).toEqual([]);
    expect((await other.get(PROFILE)).status).toBe(401);
    const again = await server()
      .client()
      .postForm('/api/auth/login/', { login: email, password: 'Strong-pass-1' });
    expect(await fieldCodes(again)).toEqual([['login', 'user_absent']]);
  });

  it('answers 401 without a session', async () => {
    expect((await server().client().request(PROFILE, { method: 'DELETE' })).status).toBe(401);
  });
});
