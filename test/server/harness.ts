import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { loadConfig, type Config, type Env } from '../../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import { users, type NewUser, type User } from '../../server/db/schema.ts';
import { seed } from '../../server/db/seed.ts';
import type { AppEnv, Clock } from '../../server/http/context.ts';
import { memoryLogger, type MemoryLogger } from '../../server/logger.ts';
import { createClient, type TestClient } from './client.ts';

export { createClient, parseSetCookie, type TestClient } from './client.ts';

/** Cheap scrypt for test users only; the production cost is tested in passwords.test.ts. */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

/**
 * A fresh, migrated database: in-memory PGlite, or, when DATABASE_URL is set (CI's
 * second run), a uniquely named database on that server, dropped again by close().
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Config as the tests want it: test mode, and no built SPA unless a test makes one. */
export function testConfig(env: Env = {}): Config {
  return loadConfig({ NODE_ENV: 'test', STATIC_DIR: '/nonexistent-static-dir', ...env });
}

export type TestClock = Clock & { advance(ms: number): void };

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

export type TestServer = {
  app: Hono<AppEnv>;
  db: Database;
  handle: DatabaseHandle;
  config: Config;
  logger: MemoryLogger;
  clock: TestClock;
  /** A browser: keeps cookies and sends the CSRF header on unsafe calls. */
  client(): TestClient;
  /** A confirmed user with a known password (defaults unique per call). */
  createUser(fields?: Partial<NewUser> & { password?: string }): Promise<{ user: User; password: string }>;
};

let userCount = 0;

/** Builds a seeded database and app before the file's tests and drops it after. */
export function useTestServer(options: { env?: Env } = {}): () => TestServer {
  let server: TestServer | undefined;

  beforeAll(async () => {
    const config = testConfig(options.env);
    const handle = await createTestDatabase();
    await seed(handle.db, config);
    const logger = memoryLogger();
    const clock = testClock();
    const app = createApp({ config, db: handle.db, logger, clock });
    server = {
      app,
      db: handle.db,
      handle,
      config,
      logger,
      clock,
      client: () => createClient(app),
      createUser: async ({ password = 'Secret-pass-1', ...fields } = {}) => {
        userCount += 1;
        const [user] = await handle.db
          .insert(users)
          .values({
            username: `user${userCount}`,
            email: `user${userCount}@example.com`,
            emailConfirmedAt: new Date(),
            ...fields,
            passwordHash: await hashPassword(password, TEST_SCRYPT),
          })
          .returning();
        if (!user) throw new Error('insert returned no user');
        return { user, password };
      },
    };
  });

  afterAll(async () => {
    await server?.handle.close();
  });

  return () => {
    if (!server) throw new Error('useTestServer: used outside a test');
    return server;
  };
}
