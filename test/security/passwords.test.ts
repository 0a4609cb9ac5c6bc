import { describe, expect, it } from 'vitest';
import { useTestServer } from '../server/harness.ts';
import { fieldCodes, lastCode, startSignup, uniqueEmail } from '../server/identity.ts';

/* Checklist point 3: length limits, Unicode, no truncation, common passwords. */
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

  it('refuses a common password that meets every other rule', async () => {
    const { response } = await startSignup(server(), uniqueEmail(), { password: 'P@ssw0rd' });
    expect(await fieldCodes(response)).toEqual([['password', 'common_password']]);
  });
});
