import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { sweepBilling } from '../../server/billing/sweep.ts';
import type { AppDeps, Clock, PasswordCost } from '../../server/deps.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { SessionCache } from '../../server/db/session-cache.ts';
import { loadConfig, type Config, type Env } from '../../server/config.ts';
import {
  migrationsFolder,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '../../server/db/client.ts';
import { users, type NewUser, type User } from '../../server/db/schema.ts';
import { seed } from '../../server/seed.ts';
import type { AppEnv } from '../../server/http/context.ts';
import { openQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { queueDefinitions } from '../../server/queues.ts';
import { memoryLogger, type MemoryLogger } from '../../server/logger.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { MAIL_QUEUE } from '../../server/mail/send.ts';
import { PASSWORD_RESET_QUEUE } from '../../server/identity/password-reset.ts';
import { createClient, type TestClient } from './client.ts';
import { Metrics } from '../../server/metrics.ts';

export { createClient, parseSetCookie, type TestClient } from './client.ts';

/** A cheap argon2id for test users only; the production cost is tested in passwords.test.ts. */
export const TEST_PASSWORD_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 };

/**
 * A fresh, migrated database: in-memory PGlite, or, when DATABASE_URL is set (CI's
 * second run), a uniquely named database on that server, dropped again by close().
 * `migrated: false` leaves it empty, for a test that migrates it step by step.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (!migrated) return openDatabase({ dataDir: 'memory://' });
    const handle = await openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() });
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
  if (migrated) await handle.migrate();
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

/**
 * A migrated PGlite data dump shared by all test files through the temp folder:
 * loading it costs ~1 s, initdb ~5 s. Keyed by the migrations, so a new one rebuilds it.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    const file = path.join(migrationsFolder, name);
    if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file));
  }
  const cached = path.join(tmpdir(), `portal-test-pglite-${hash.digest('hex').slice(0, 16)}.tgz`);
  const existing = await readFile(cached).catch(() => null);
  if (existing) return new Blob([existing]);
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const dump = await handle.dump?.();
  await handle.close();
  if (!dump) throw new Error('PGlite handle without dump()');
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Parallel files may race to build it: write aside, then rename atomically.
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, bytes);
  await rename(partial, cached);
  return new Blob([bytes]);
}

/**
 * Config as the tests want it: test mode, no built SPA unless a test makes one, and a
 * random signing secret unless the test names one (server/secret.ts is tested apart).
 */
export function testConfig(env: Env = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '/nonexistent-static-dir',
    // The queue runs settlements when due by the database's clock, not the test's.
    SANDBOX_SETTLE_SECONDS: '0',
    ...env,
  });
  return {
    ...config,
    sessionSecret: config.sessionSecret ?? randomBytes(32).toString('base64url'),
  };
}

/** A day of the test clock, in ms. */
export const DAY = 24 * 60 * 60 * 1000;

export type TestClock = Clock & {
  advance(ms: number): void;
  /** On to the start of the next fixed window of `ms` (a throttle's), so a test's hits share one. */
  toWindowStart(ms: number): void;
};

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    toWindowStart: (ms) => void (now += ms - (now % ms)),
  };
}

export type TestServer = {
  app: Hono<AppEnv>;
  db: Database;
  handle: DatabaseHandle;
  config: Config;
  logger: MemoryLogger;
  clock: TestClock;
  sessionCache: SessionCache;
  /** The app's Prometheus metrics, fed by the queue too. */
  metrics: Metrics;
  /** The job queue, run by hand: nothing polls it in tests. */
  jobs: JobQueue;
  /** What time makes due: every queued job, then the billing sweep at the test clock's now. */
  worker: { tick(): Promise<void> };
  /** What a domain call is given, without the app's caches; a test's own clock if it names one. */
  deps(clock?: Clock): AppDeps;
  /** A browser: keeps cookies and sends the CSRF header on unsafe calls. */
  client(): TestClient;
  /** A confirmed user with a known password (defaults unique per call). */
  createUser(
    fields?: Partial<NewUser> & { password?: string },
  ): Promise<{ user: User; password: string }>;
};

let userCount = 0;

/** Builds a seeded database and app before the file's tests and drops it after. */
export function useTestServer(
  options: { env?: Env; passwordCost?: PasswordCost } = {},
): () => TestServer {
  // Tests of what the production cost does (timing) ask for it; the rest use a cheap one.
  const passwordCost = options.passwordCost ?? TEST_PASSWORD_COST;
  let server: TestServer | undefined;

  beforeAll(async () => {
    const config = testConfig(options.env);
    const handle = await createTestDatabase();
    await seed(handle.db, config);
    const logger = memoryLogger();
    const clock = testClock();
    const db = handle.db;
    const mailer = createMailer({ config, db, logger, clock });
    const deliver = (request: Request) => Promise.resolve(app.request(request));
    const metrics = new Metrics();
    const jobs = await openQueue(
      handle.jobsTarget,
      queueDefinitions({ config, db, logger, clock, mailer, deliver }),
      { logger, work: false, observe: (queue, outcome) => metrics.job(queue, outcome) },
    );
    // The cache is on, as in the app: every server test also checks that it is never stale.
    const sessionCache = new SessionCache(handle.changeFeed());
    await sessionCache.start();
    metrics.watchApp({ poolStats: handle.poolStats, jobs, sessionCache });
    const app = createApp({
      config,
      db,
      logger,
      clock,
      jobs,
      passwordCost,
      sessionCache,
      metrics,
    });
    // What a job wrote is in the next read, as a request's write is: the notifications
    // its commits sent have reached this process's cache before the drain returns (on
    // PostgreSQL they come over another connection, a moment later).
    const settledJobs: JobQueue = {
      ...jobs,
      drain: async (names) => {
        const ran = await jobs.drain(names);
        await sessionCache.settle();
        return ran;
      },
    };
    server = {
      sessionCache,
      metrics,
      app,
      db,
      handle,
      config,
      logger,
      clock,
      jobs: settledJobs,
      worker: {
        tick: async () => {
          await settledJobs.drain();
          await sweepBilling({ config, db, logger, clock, jobs });
          await settledJobs.drain();
        },
      },
      // Mail (and the reset link's job) goes out right after each request, as a working
      // queue would send it; these write nothing a cached read holds, so no settling here
      // (it would space out parallel requests, which the flood tests need at once).
      deps: (at = clock) => ({ config, db, logger, clock: at, jobs: settledJobs, passwordCost }),
      client: () => createClient(app, () => jobs.drain([PASSWORD_RESET_QUEUE, MAIL_QUEUE])),
      createUser: async ({ password = 'Secret-pass-1', ...fields } = {}) => {
        userCount += 1;
        const [user] = await handle.db
          .insert(users)
          .values({
            username: `user${userCount}`,
            email: `user${userCount}@example.com`,
            emailConfirmedAt: new Date(),
            ...fields,
            passwordHash: await hashPassword(password, passwordCost),
          })
          .returning();
        if (!user) throw new Error('insert returned no user');
        return { user, password };
      },
    };
  });

  afterAll(async () => {
    await server?.jobs.stop();
    await server?.sessionCache.close();
    await server?.handle.close();
  });

  return () => {
    if (!server) throw new Error('useTestServer: used outside a test');
    return server;
  };
}
