import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  OWASP_SCRYPT,
  readHashParams,
  verifyPassword,
} from '../../server/auth/passwords.ts';
import { TEST_SCRYPT } from './harness.ts';

describe('passwords', () => {
  it('hashes at the OWASP parameters by default and verifies', async () => {
    const stored = await hashPassword('Correct-horse-1');
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifyPassword('Correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-1', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const first = await hashPassword('same', TEST_SCRYPT);
    const second = await hashPassword('same', TEST_SCRYPT);
    expect(first).not.toBe(second);
    expect(await verifyPassword('same', first)).toBe(true);
    expect(await verifyPassword('same', second)).toBe(true);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const stored = await hashPassword('pw', { N: 2 ** 11, r: 4, p: 2 });
    expect(readHashParams(stored)).toEqual({ N: 2048, r: 4, p: 2 });
    expect(await verifyPassword('pw', stored)).toBe(true);
  });

  it('refuses stored values it cannot read', async () => {
    expect(await verifyPassword('pw', '')).toBe(false);
    expect(await verifyPassword('pw', 'pbkdf2$1000$abc$def')).toBe(false);
    expect(await verifyPassword('pw', 'scrypt$N=1024,r=8,p=1$c2FsdA==$')).toBe(false);
  });

  it('refuses a tampered key', async () => {
    const stored = await hashPassword('pw', TEST_SCRYPT);
    const tampered = stored.replace(
      /\$(.)([^$]*)$/,
      (_, first: string, rest: string) => `$${first === 'A' ? 'B' : 'A'}${rest}`,
    );
    expect(await verifyPassword('pw', tampered)).toBe(false);
  });
});
