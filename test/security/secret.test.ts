import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { serverSecrets } from '../../server/db/schema.ts';
import { derivedKey, resolveSecret } from '../../server/secret.ts';
import { createTestDatabase } from '../server/harness.ts';

/* Issue "Security", item 3: nothing is signed with a key that ships in the source. */
describe('the signing secret without SESSION_SECRET', () => {
  it('is made at random on the first start, kept, and the same at every later start', async () => {
    const handle = await createTestDatabase();
    try {
      const env = loadConfig({ NODE_ENV: 'development' });
      const first = await resolveSecret(handle.db, env);
      const again = await resolveSecret(handle.db, env);
      expect(first.sessionSecret).toMatch(/^[\w-]{43}$/);
      expect(again.sessionSecret).toBe(first.sessionSecret);
      expect(await handle.db.select().from(serverSecrets)).toHaveLength(1);
      // Two processes starting at once agree on one.
      const parallel = await Promise.all([1, 2, 3].map(() => resolveSecret(handle.db, env)));
      expect(new Set(parallel.map((c) => c.sessionSecret))).toEqual(new Set([first.sessionSecret]));
    } finally {
      await handle.close();
    }
  });

  it('differs between two installations', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      const env = loadConfig({});
      const [one, two] = await Promise.all([resolveSecret(a.db, env), resolveSecret(b.db, env)]);
      expect(one.sessionSecret).not.toBe(two.sessionSecret);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('is SESSION_SECRET when that is set, and nothing is stored', async () => {
    const handle = await createTestDatabase();
    try {
      const env = loadConfig({ SESSION_SECRET: 's'.repeat(40) });
      expect((await resolveSecret(handle.db, env)).sessionSecret).toBe('s'.repeat(40));
      expect(await handle.db.select().from(serverSecrets)).toHaveLength(0);
    } finally {
      await handle.close();
    }
  });

  it('gives each purpose a key of its own', () => {
    const keys = ['webhook:sandbox:stripe', 'webhook:sandbox:yookassa'].map((p) =>
      derivedKey('secret', p),
    );
    expect(new Set([...keys, 'secret']).size).toBe(3);
  });
});
