import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { fieldCodes, mailsTo, STRONG } from './identity.ts';

const server = useTestServer({ env: { PUBLIC_URL: 'https://portal.example' } });
const RESET = '/api/auth/password/reset/';
const SET = '/api/auth/password/set/';

async function resetToken(email: string): Promise<string> {
  const [mail] = await mailsTo(server(), email);
  const token = /https:\/\/portal\.example\/(?:en|ru)\/password\/set\/([A-Za-z0-9_-]+)/.exec(
    mail?.text ?? '',
  )?.[1];
  if (!token) throw new Error('no reset link');
  return token;
}

describe('password reset', () => {
  it('answers { sent: true } for unknown addresses too, and mails nothing then', async () => {
    const response = await server().client().postForm(RESET, { email: 'ghost@example.com' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });
    expect(await mailsTo(server(), 'ghost@example.com')).toEqual([]);
  });

  it("runs an unknown address's job to its end, with nothing to retry", async () => {
    const retries = () =>
      server().logger.entries.filter((entry) => entry.message === 'job will retry').length;
    const before = retries();
    const response = await server().client().postForm(RESET, { email: 'nobody@example.com' });
    expect(response.status).toBe(200);
    expect(retries()).toBe(before);
  });

  it('validates the address', async () => {
    const response = await server().client().postForm(RESET, { email: 'nope' });
    expect(await fieldCodes(response)).toEqual([['email', 'email']]);
  });

  it('mails a reset asked for on a Russian page in Russian, with a /ru/ link', async () => {
    // Issue 31: an account saved in English, a reset asked for on /ru/password/reset.
    const { user } = await server().createUser({ locale: 'en' });
    const client = server().client();
    client.cookies.set('locale', 'en');
    const reset = await client.postForm(
      RESET,
      { email: user.email },
      { headers: { 'X-Page-Locale': 'ru' } },
    );
    expect(await reset.json()).toEqual({ sent: true });
    const [mail] = await mailsTo(server(), user.email);
    expect(mail?.subject).toBe('Восстановление пароля');
    expect(mail?.text).toMatch(/https:\/\/portal\.example\/ru\/password\/set\/[\w-]+/);
    expect(mail?.text).not.toMatch(/\/en\//);
    const token = await resetToken(user.email);
    const set = await client.postForm(
      SET,
      { token, password: STRONG },
      { headers: { 'X-Page-Locale': 'ru' } },
    );
    expect(await set.json()).toEqual({ next: '/ru/login/1' });
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Пароль изменён');
  });

  it('mails a link in the user locale; setting ends every session and mails a notice', async () => {
    const { user, password } = await server().createUser({ locale: 'ru' });
    const first = server().client();
    const second = server().client();
    for (const browser of [first, second]) {
      await browser.postForm('/api/auth/login/', { login: user.username, password });
    }
    const reset = await server().client().postForm(RESET, { email: user.email.toUpperCase() });
    expect(await reset.json()).toEqual({ sent: true });
    const [mail] = await mailsTo(server(), user.email);
    expect(mail?.subject).toBe('Восстановление пароля');
    const token = await resetToken(user.email);
    const weak = await server().client().postForm(SET, { token, password: 'short' });
    expect(await fieldCodes(weak)).toEqual([['password', 'invalid_password']]);
    const set = await server().client().postForm(SET, { token, password: STRONG });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ next: '/en/login/1' });
    expect(await server().db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    expect((await first.get('/api/v1/profile/')).status).toBe(401);
    const [notice] = await mailsTo(server(), user.email);
    expect(notice?.subject).toBe('Пароль изменён');
    expect(notice?.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/portal\.example\/api\/v1\/unsubscribe\/.+\/>$/,
    );
    expect(notice?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(notice?.text).toMatch(/https:\/\/portal\.example\/ru\/unsubscribe\/\S+/);
    const old = await server()
      .client()
      .postForm('/api/auth/login/', { login: user.username, password });
    expect(await fieldCodes(old)).toEqual([['password', 'wrong_credentials']]);
    const fresh = await server()
      .client()
      .postForm('/api/auth/login/', { login: user.username, password: STRONG });
    expect(fresh.status).toBe(200);
    // Single use.
    const again = await server().client().postForm(SET, { token, password: STRONG });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'wrong_token' });
  });

  it('answers wrong_token for an unknown token and token_expired after an hour', async () => {
    const unknown = await server().client().postForm(SET, { token: 'made-up', password: STRONG });
    expect(await unknown.json()).toMatchObject({ code: 'wrong_token' });
    const { user } = await server().createUser();
    await server().client().postForm(RESET, { email: user.email });
    const token = await resetToken(user.email);
    // The mail says the link is valid for 1 hour: a second before its end it is still
    // read (a guessable password is refused without using it up), at its end it is not.
    server().clock.advance(60 * 60 * 1000 - 1000);
    const alive = await server().client().postForm(SET, { token, password: 'Password1!' });
    expect(await fieldCodes(alive)).toEqual([['password', 'common_password']]);
    server().clock.advance(1000);
    const expired = await server().client().postForm(SET, { token, password: STRONG });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'token_expired' });
  });

  it('takes a link once when two posts of it come together', async () => {
    const { user } = await server().createUser();
    await server().client().postForm(RESET, { email: user.email });
    const token = await resetToken(user.email);
    const answers = await Promise.all(
      [STRONG, 'Another-pass-2'].map((password) =>
        server().client().postForm(SET, { token, password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400);
    expect(await refused?.json()).toMatchObject({ code: 'wrong_token' });
  });

  it('answers required for a missing token', async () => {
    const response = await server().client().postForm(SET, { password: STRONG });
    expect(await fieldCodes(response)).toEqual([['token', 'required']]);
  });
});
