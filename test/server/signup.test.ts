import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PendingSignup } from '../../contract/identity.ts';
import { emailCodes, users } from '../../server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { fieldCodes, lastCode, mailsTo, STRONG, startSignup, uniqueEmail } from './identity.ts';

const server = useTestServer();
const SIGNUP = '/api/auth/signup/';

describe('POST /api/auth/signup/', () => {
  it('creates an unconfirmed user, mails a code, and points to step 1', async () => {
    const email = uniqueEmail('Mixed.Case+tag');
    const { client, response } = await startSignup(server(), email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ next: '/en/signup/1' });
    const cookie = response.headers.getSetCookie().find((h) => h.startsWith('signup='));
    expect(cookie).toMatch(/HttpOnly/i);
    const [user] = await server()
      .db.select()
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    expect(user).toMatchObject({ emailConfirmedAt: null, locale: 'en' });
    expect(user?.username).toMatch(/^mixed\.casetag\d+-\d+$/);
    const [row] = await server()
      .db.select()
      .from(emailCodes)
      .where(eq(emailCodes.userId, user?.id ?? 0));
    const code = await lastCode(server(), email.toLowerCase());
    // Only a hash is stored.
    expect(row?.codeHash).not.toContain(code);
    const pending = await client.get(SIGNUP);
    expect(v.parse(PendingSignup, await pending.json())).toMatchObject({
      email: email.toLowerCase(),
      email_confirmed: false,
    });
  });

  it('takes the locale from the form field, mails in Russian, and answers /ru/', async () => {
    const email = uniqueEmail();
    const { response } = await startSignup(server(), email, { locale: 'ru' });
    expect(await response.json()).toEqual({ next: '/ru/signup/1' });
    const [mail] = await mailsTo(server(), email);
    expect(mail?.subject).toMatch(/^Код подтверждения: \d{6}$/);
  });

  it('takes the locale from Accept-Language when there is no field or cookie', async () => {
    const email = uniqueEmail();
    const response = await server()
      .client()
      .postForm(
        SIGNUP,
        { email, password: STRONG, agree: 'on' },
        { headers: { 'Accept-Language': 'ru-RU' } },
      );
    expect(await response.json()).toEqual({ next: '/ru/signup/1' });
  });

  it('makes usernames unique', async () => {
    const client = server().client();
    const a = await client.postForm(SIGNUP, {
      email: 'twin@a.example',
      password: STRONG,
      agree: 'true',
    });
    const b = await client.postForm(SIGNUP, {
      email: 'twin@b.example',
      password: STRONG,
      agree: 'true',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    const names = await server().db.select({ u: users.username }).from(users);
    expect(
      names
        .filter((n) => n.u.startsWith('twin'))
        .map((n) => n.u)
        .sort(),
    ).toEqual(['twin', 'twin2']);
  });

  it('replaces the password of an unconfirmed user and sends a new code', async () => {
    const email = uniqueEmail();
    await startSignup(server(), email);
    const before = await server().db.select().from(users).where(eq(users.email, email));
    const again = await startSignup(server(), email);
    expect(again.response.status).toBe(200);
    const after = await server().db.select().from(users).where(eq(users.email, email));
    expect(after).toHaveLength(1);
    expect(after[0]?.passwordHash).not.toBe(before[0]?.passwordHash);
    expect(await mailsTo(server(), email)).toHaveLength(2);
  });

  it('refuses a confirmed address with user_already_exists at email', async () => {
    const { user } = await server().createUser();
    const { response } = await startSignup(server(), user.email.toUpperCase());
    expect(response.status).toBe(400);
    expect(await fieldCodes(response)).toEqual([['email', 'user_already_exists']]);
  });

  it('answers every field problem at its field', async () => {
    const response = await server()
      .client()
      .postForm(SIGNUP, { email: 'not-an-email', password: 'weakpass', agree: '' });
    expect(await fieldCodes(response)).toEqual([
      ['email', 'email'],
      ['password', 'invalid_password'],
      ['agree', 'required'],
    ]);
    const empty = await server().client().postForm(SIGNUP, {});
    expect(await fieldCodes(empty)).toEqual([
      ['email', 'required'],
      ['password', 'required'],
      ['agree', 'required'],
    ]);
  });

  it.each([
    ['a JSON array', '[1]', 'application/json'],
    ['broken JSON', '{', 'application/json'],
    ['plain text', 'hello', 'text/plain'],
  ])('answers 415 for %s: the sign-up is a form post', async (_name, body, type) => {
    const response = await server()
      .client()
      .request(SIGNUP, { method: 'POST', body, headers: { 'Content-Type': type } });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});
