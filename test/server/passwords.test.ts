import { scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createLine } from '../../server/line.ts';
import { eq } from 'drizzle-orm';
import {
  dummyHash,
  hashPassword,
  needsRehash,
  OWASP_ARGON2,
  verifyPassword,
} from '../../server/identity/passwords.ts';
import { users } from '../../server/db/schema.ts';
import { upgradePasswordHash } from '../../server/identity/accounts.ts';
import { TEST_PASSWORD_COST, useTestServer } from './harness.ts';

const server = useTestServer();

/** A hash in the earlier scrypt format, as the database may still hold. */
function legacyScrypt(password: string, { N = 1024, r = 8, p = 1 } = {}): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password, salt, 64, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters by default and verifies', async () => {
    expect(OWASP_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const stored = await hashPassword('Correct-horse-1');
    expect(stored).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await verifyPassword('Correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-1', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const first = await hashPassword('same', TEST_PASSWORD_COST);
    const second = await hashPassword('same', TEST_PASSWORD_COST);
    expect(first).not.toBe(second);
    expect(await verifyPassword('same', first)).toBe(true);
    expect(await verifyPassword('same', second)).toBe(true);
  });

  it('still verifies the earlier scrypt hashes, and asks for them to be replaced', async () => {
    const stored = legacyScrypt('Old-pass-1');
    expect(await verifyPassword('Old-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Old-pass-2', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(await hashPassword('x', TEST_PASSWORD_COST))).toBe(true);
  });

  it('reads the parameters an earlier hash names, of any number of digits', async () => {
    const stored = legacyScrypt('Old-pass-1', { N: 1024, r: 10, p: 12 });
    expect(await verifyPassword('Old-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Old-pass-2', stored)).toBe(false);
  });

  it('reads an earlier hash only whole: nothing before it, nothing after it, a key in it', async () => {
    const stored = legacyScrypt('Old-pass-1');
    for (const changed of [`x${stored}`, `${stored}$x`, `${stored} `]) {
      expect(await verifyPassword('Old-pass-1', changed)).toBe(false);
    }
    // A key of no bytes would match the scrypt of any password.
    const keyless = stored.replace(/\$[^$]+$/, '$=');
    expect(keyless).toMatch(/\$=$/);
    expect(await verifyPassword('Any-pass-1', keyless)).toBe(false);
  });

  it('refuses stored values it cannot read, and a tampered hash', async () => {
    const unreadable = [
      '',
      'pbkdf2$1000$abc$def',
      'scrypt$N=1024,r=8,p=1$c2FsdA==$',
      // argon2id by its prefix, but cut short: the library throws, the answer is no.
      '$argon2id$v=19$m=19456',
    ];
    for (const stored of unreadable) {
      expect(await verifyPassword('pw', stored)).toBe(false);
    }
    const good = await hashPassword('pw', TEST_PASSWORD_COST);
    const tampered = good.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect(await verifyPassword('pw', tampered)).toBe(false);
  });

  it('replaces an earlier hash with argon2id at the next sign-in', async () => {
    const { user } = await server().createUser();
    await server()
      .db.update(users)
      .set({ passwordHash: legacyScrypt('Legacy-pass-1') })
      .where(eq(users.id, user.id));
    const answer = await server()
      .client()
      .postForm('/api/auth/login/', { login: user.username, password: 'Legacy-pass-1' });
    expect(answer.status).toBe(200);
    const [row] = await server().db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('Legacy-pass-1', row?.passwordHash ?? '')).toBe(true);
  });

  it('keeps a hash at the current cost as it is: a sign-in writes no new one', async () => {
    const { user, password } = await server().createUser();
    const answer = await server()
      .client()
      .postForm('/api/auth/login/', { login: user.username, password });
    expect(answer.status).toBe(200);
    const [row] = await server().db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });

  it('leaves a password changed meanwhile: the earlier hash is replaced only while stored', async () => {
    const { user } = await server().createUser();
    const legacy = { id: user.id, passwordHash: legacyScrypt('Legacy-pass-1') };
    await server()
      .db.update(users)
      .set({ passwordHash: legacy.passwordHash })
      .where(eq(users.id, user.id));
    // The sign-in read the earlier hash; the password changes before it writes.
    const changed = await hashPassword('Changed-pass-2', TEST_PASSWORD_COST);
    await server().db.update(users).set({ passwordHash: changed }).where(eq(users.id, user.id));
    await upgradePasswordHash(server().deps(), legacy, 'Legacy-pass-1');
    const [row] = await server().db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(changed);
  });
});

describe('a bounded line of work (hashing, sign-ins)', () => {
  it('does not keep a dummy hash the full line refused: the next sign-in makes it', async () => {
    // A dummy per cost: the tests' own cost has its dummy, this one (no other test
    // hashes at it) is made here first.
    const { memoryCost: m, timeCost: t } = TEST_PASSWORD_COST;
    expect(await dummyHash(TEST_PASSWORD_COST)).toContain(`$m=${m},t=${t},p=1$`);
    const cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
    // Every slot and every place in the line taken.
    const busy = Array.from({ length: availableParallelism() * 9 }, () => hashPassword('x', cost));
    await expect(dummyHash(cost)).rejects.toMatchObject({ refusal: { code: 'server_busy' } });
    await Promise.all(busy);
    expect(await dummyHash(cost)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('runs one piece per slot, queues a few, and answers 503 with Retry-After beyond', async () => {
    const run = createLine(2, 2);
    const releases: (() => void)[] = [];
    let active = 0;
    let most = 0;
    const work = () =>
      run(async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
      });
    const accepted = [work(), work(), work(), work()];
    await expect(work()).rejects.toMatchObject({
      refusal: { kind: 'unavailable', code: 'server_busy', retryAfter: 1 },
    });
    while (releases.length > 0 || active > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
    // Free again: a new hash is taken at once.
    await expect(run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
