import type { SessionCache } from './db/session-cache.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';

/** Argon2id's cost: OWASP's in the app, a cheap one in tests. */
export type PasswordCost = { memoryCost: number; timeCost: number; parallelism: number };

/** Tests replace the clock to move past session expiry without waiting. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What every router needs, handed down from createApp. */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  /** The durable job queue: every effect outside the database goes through it. */
  jobs: JobQueue;
  /** Password hashing cost: OWASP's in the app, a cheap one in tests. */
  passwordCost: PasswordCost;
  /** Sessions and plan facts read lately, kept right by database notifications; none in some tests. */
  cache?: SessionCache;
};
