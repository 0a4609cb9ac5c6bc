import { describe, expect, it } from 'vitest';
import { useTestServer } from '../server/harness.ts';
import { fieldCodes, lastCode, mailsTo, startSignup, uniqueEmail } from '../server/identity.ts';

/*
 * Checklist point 3: length limits, Unicode, no truncation, and guessable passwords
 * (zxcvbn-ts score below 3, the user's own address and names counted as guessable).
 */
const server = useTestServer();

/** A Unicode password of exactly `length` characters that meets the rule. */
function unicodePassword(length: number): string {
  const base = 'Ёжик-в-тумане-7-';
  return base.repeat(Math.ceil(length / base.length)).slice(0, length);
}

async function signUpWith(password: string) {
  const email = uniqueEmail('pw');
  const { client, response } = await startSignup(server(), email, { password });
  expect(response.status).toBe(200);
  await client.postForm('/api/auth/signup/confirm/', { code: await lastCode(server(), email) });
  const details = await client.postForm('/api/auth/signup/details/', {
    first_name: 'Ann',
    last_name: 'Lee',
    country: 'GB',
  });
  expect(details.status).toBe(200);
  return email;
}

const login = (login: string, password: string) =>
  server().client().postForm('/api/auth/login/', { login, password });

describe('passwords', () => {
  it('refuses 7 characters and 129, at the password field', async () => {
    for (const password of ['Ab-1xyz', unicodePassword(129)]) {
      const { response } = await startSignup(server(), uniqueEmail(), { password });
      expect(await fieldCodes(response)).toEqual([['password', 'invalid_password']]);
    }
  });

  it.each([64, 128])('takes %i Unicode characters and signs in with exactly them', async (n) => {
    const password = unicodePassword(n);
    expect(password).toHaveLength(n);
    const email = await signUpWith(password);
    expect((await login(email, password)).status).toBe(200);
    // No truncation: the same password with its last character changed is wrong.
    const changed = `${password.slice(0, -1)}${password.endsWith('Z') ? 'Y' : 'Z'}`;
    expect(await fieldCodes(await login(email, changed))).toEqual([
      ['password', 'wrong_credentials'],
    ]);
  });

  // Each meets the rule (8+ characters, lower, upper, digit, special) and is guessed early.
  const GUESSABLE = ['Password1!', 'Qwerty123!', 'Passw0rd!', 'P@ssw0rd', 'Qwerty12345!'];

  it.each(GUESSABLE)('refuses %j at sign-up, at the password field, with a reason', async (p) => {
    const email = uniqueEmail('guessable');
    const { response } = await startSignup(server(), email, { password: p });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: unknown[] };
    expect(body.errors).toEqual([
      {
        code: 'common_password',
        detail: expect.stringMatching(/^This password is easy to guess\./),
        source: { pointer: 'password' },
      },
    ]);
    // Refused before anything was sent.
    expect(await mailsTo(server(), email)).toEqual([]);
  });

  it("refuses a password made of the user's e-mail name, which is strong for others", async () => {
    const name = `marguerite.okafor${Date.now() % 1000}`;
    const password = `${name[0]?.toUpperCase()}${name.slice(1)}!`;
    const own = await startSignup(server(), `${name}@example.com`, { password });
    expect(await fieldCodes(own.response)).toEqual([['password', 'common_password']]);
    // The same password is not guessable for another address.
    const other = await startSignup(server(), uniqueEmail('other'), { password });
    expect(other.response.status).toBe(200);
  });

  it('takes a long random-ish passphrase', async () => {
    const email = await signUpWith('Mauve-otter-Ladder-42!');
    expect((await login(email, 'Mauve-otter-Ladder-42!')).status).toBe(200);
  });

  it("refuses a guessable new password at reset, the user's e-mail name too; the link stays", async () => {
    const name = `thaddeus.brisk${Date.now() % 1000}`;
    const email = `${name}@example.com`;
    const { user } = await server().createUser({ email });
    await server().client().postForm('/api/auth/password/reset/', { email });
    const [mail] = await mailsTo(server(), email);
    const token = /\/password\/set\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    for (const password of [...GUESSABLE, `T${name.slice(1)}!`]) {
      const refused = await server()
        .client()
        .postForm('/api/auth/password/set/', { token, password });
      expect(await fieldCodes(refused)).toEqual([['password', 'common_password']]);
    }
    const set = await server()
      .client()
      .postForm('/api/auth/password/set/', { token, password: 'Mauve-otter-Ladder-42!' });
    expect(set.status).toBe(200);
    expect((await login(user.username, 'Mauve-otter-Ladder-42!')).status).toBe(200);
  });
});
