import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { fieldCodes, lastCode, mailsTo, STRONG, startSignup } from './identity.ts';
import { turnedOnApp } from './two-factor-app.ts';

const server = useTestServer();
const LOGIN = '/api/auth/login/';

describe('/login/2: the right password for an unconfirmed address', () => {
  it('mails a code and points to /login/2 instead of signing in', async () => {
    const { email } = await startSignup(server());
    const client = server().client();
    client.cookies.set('locale', 'ru');
    const response = await client.postForm(LOGIN, { login: email, password: STRONG });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ next: '/ru/login/2' });
    expect(client.cookies.has('signup')).toBe(true);
    expect((await client.get('/api/v1/profile/')).status).toBe(401);
    // Inside the cooldown the sign-up's code is still the one: no second mail.
    expect(await mailsTo(server(), email)).toHaveLength(1);
    server().clock.advance(60_000);
    await server().client().postForm(LOGIN, { login: email, password: STRONG });
    expect(await mailsTo(server(), email)).toHaveLength(2);
  });

  it("mails the new code in the page's language, else the account's", async () => {
    const { email } = await startSignup(server());
    server().clock.advance(60_000);
    const fromRussianPage = server().client();
    await fromRussianPage.postForm(LOGIN, { login: email, password: STRONG, locale: 'ru' });
    server().clock.advance(60_000);
    await server().client().postForm(LOGIN, { login: email, password: STRONG });
    const [, russian, english] = await mailsTo(server(), email);
    expect(russian?.subject).toMatch(/^Код подтверждения: \d{6}$/);
    expect(english?.subject).toMatch(/^Your verification code: \d{6}$/);
  });

  it('mails a code to an unconfirmed account that has none on record', async () => {
    const { user, password } = await server().createUser({ emailConfirmedAt: null });
    const response = await server().client().postForm(LOGIN, { login: user.email, password });
    expect(await response.json()).toEqual({ next: '/en/login/2' });
    expect(await mailsTo(server(), user.email)).toHaveLength(1);
  });

  it('drops a code step of another account that this browser left half-done', async () => {
    const { user: withApp } = await turnedOnApp(server());
    const { email } = await startSignup(server());
    const client = server().client();
    await client.postForm(LOGIN, { login: withApp.username, password: 'Secret-pass-1' });
    expect(client.cookies.has('second-factor')).toBe(true);
    expect(await (await client.postForm(LOGIN, { login: email, password: STRONG })).json()).toEqual(
      { next: '/en/login/2' },
    );
    expect(client.cookies.has('second-factor')).toBe(false);
    expect(client.cookies.has('signup')).toBe(true);
  });

  it('signs in on the right code when the profile already has names', async () => {
    const { email } = await startSignup(server());
    await server()
      .db.update(users)
      .set({ firstName: 'Ann', lastName: 'Lee' })
      .where(eq(users.email, email));
    const client = server().client();
    await client.postForm(LOGIN, { login: email, password: STRONG, next: '/en/software' });
    const code = await lastCode(server(), email);
    // The right password proves the password, not the address: the code is still asked.
    for (const wrongCode of ['abcdef', code.replace(/\d$/, (digit) => String((+digit + 1) % 10))]) {
      const wrong = await client.postForm('/api/auth/signup/confirm/', { code: wrongCode });
      expect(await fieldCodes(wrong)).toEqual([['code', 'wrong_confirmation_code']]);
    }
    expect((await client.get('/api/v1/profile/')).status).toBe(401);
    const confirm = await client.postForm('/api/auth/signup/confirm/', { code });
    expect(await confirm.json()).toEqual({ next: '/en/software' });
    expect((await client.get('/api/v1/profile/')).status).toBe(200);
    expect(client.cookies.has('signup')).toBe(false);
  });

  it('still answers wrong_credentials for a wrong password, without a code', async () => {
    const { email } = await startSignup(server());
    const response = await server()
      .client()
      .postForm(LOGIN, { login: email, password: 'Wrong-pass-1' });
    expect(await fieldCodes(response)).toEqual([['password', 'wrong_credentials']]);
    expect(await mailsTo(server(), email)).toHaveLength(1);
  });
});
