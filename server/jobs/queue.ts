import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type Job } from 'pg-boss';
import type { Database, Where } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { currentRequestId, withRequestId } from '../request-context.ts';

/**
 * How often an idle worker looks for jobs: every half second when it cannot be woken
 * (the database's LISTEN failed), every five seconds when a job's NOTIFY wakes it. This
 * backstop finds what no NOTIFY announced when it came due: a retry after its delay,
 * another process's job sent for later.
 */
export type Polling = { seconds: number; backstopSeconds: number };
const POLLING: Polling = { seconds: 0.5, backstopSeconds: 5 };

/** Where a job's data keeps the id of the request (or job) that sent it. */
const REQUEST_ID_KEY = '_request_id';

/** The job's own data, and the id of the request that sent it (else the job's own id). */
function unwrap(job: Job<unknown>): { data: unknown; requestId: string } {
  if (job.data === null || typeof job.data !== 'object' || !(REQUEST_ID_KEY in job.data)) {
    return { data: job.data, requestId: job.id };
  }
  const { [REQUEST_ID_KEY]: requestId, ...data } = job.data as Record<string, unknown>;
  return { data, requestId: typeof requestId === 'string' ? requestId : job.id };
}

/**
 * The durable job queue (pg-boss) on the same PostgreSQL as everything else: PGlite
 * by default, a real server with DATABASE_URL. A job is sent in the transaction of
 * the change that causes it, so it exists exactly when the change does; handlers run
 * at least once, on any process, and must be idempotent.
 */
/** A queue: its handler, and how it retries (delays in seconds, doubling). */
export type QueueDefinition<T> = {
  name: string;
  run: (data: T, job: JobContext) => Promise<void>;
  retryLimit: number;
  retryDelay: number;
  /**
   * The job's lease: a job still running after this long counts as lost (its process
   * died) and is failed, so any process retries it. pg-boss's 15 minutes by default.
   */
  expireInSeconds?: number;
  /** `stately`: at most one job per singletonKey waits, retries or runs at a time. */
  policy?: 'standard' | 'stately';
  /** Recurring work: a cron expression (UTC) that sends an empty job, and one at start. */
  cron?: string;
  /**
   * How long a finished job is kept (pg-boss's 7 days by default); the maintenance pass
   * deletes it after that. Jobs whose data must not stay in the database say so here.
   */
  deleteAfterSeconds?: number;
  /**
   * After the last try failed: keeps what an operator needs to follow the job up (the
   * job itself may be deleted). Its own failure is logged, never retried.
   */
  gaveUp?: (data: T, error: unknown) => Promise<void>;
};

/** What a handler is told besides its data: the job, and the queue to send more. */
export type JobContext = { id: string; retryCount: number; jobs: JobQueue };

export type SendOptions = {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** On a `stately` queue, a second job with the same key is dropped while one is under way. */
  singletonKey?: string;
};

export type JobQueue = {
  /** Sends a job within `db`'s transaction (or alone, given the plain database). */
  send(db: Database, name: string, data: object, options?: SendOptions): Promise<void>;
  /** With `work`: polls every queue and starts the recurring ones. */
  start(): Promise<void>;
  /** Runs every job that is due now, until none is left (tests drive the queue so). */
  drain(names?: string[]): Promise<number>;
  /** Lets running jobs finish (a few seconds at most), then closes. */
  stop(): Promise<void>;
  /** One round trip to the queue's database; rejects when it cannot be reached. */
  ping(): Promise<void>;
  /** One maintenance pass now (a working process makes one every minute at most). */
  maintain(): Promise<void>;
  /** Jobs waiting (`created`, `retry`) and running (`active`), per queue and state. */
  depth?(): Promise<{ queue: string; state: string; count: number }[]>;
};

/** How a job's run ended: done, failed with a retry to come, or failed its last try. */
export type JobOutcome = 'completed' | 'retried' | 'failed';

/**
 * Opens the queue (creating pg-boss's schema on first use). With `work`, this process
 * also polls every queue, runs the recurring ones and does pg-boss's maintenance;
 * any number of processes may, each job still runs once at a time.
 */
export async function openQueue(
  where: Where,
  queues: QueueDefinition<never>[],
  options: {
    logger: Logger;
    work: boolean;
    observe?: (queue: string, outcome: JobOutcome) => void;
    /** A job's last try failed: to the error-reporting service (server/error-reporting.ts). */
    report?: (error: unknown, where: Record<string, string | number>) => void;
    polling?: Polling;
  },
): Promise<JobQueue> {
  const { logger, work, observe, report, polling = POLLING } = options;
  // Lost jobs are looked for at half the shortest lease (at most every minute).
  const leases = queues.flatMap((queue) => queue.expireInSeconds ?? []);
  const every = Math.max(1, Math.min(60, Math.floor(Math.min(120, ...leases) / 2)));
  const common: ConstructorOptions = {
    schedule: work,
    supervise: work,
    superviseIntervalSeconds: every,
    monitorIntervalSeconds: every,
    // A job sent wakes the working processes' workers at its commit (a NOTIFY in the
    // sending transaction), so they poll only as a backstop (`Polling`).
    useListenNotify: work,
  };
  const boss =
    'pglite' in where
      ? new PgBoss({ ...common, db: fromPglite(where.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: where.databaseUrl, max: 4 });
  boss.on('error', (error: unknown) => logger.error('job queue', { error }));
  // What pg-boss finds amiss but works around: a LISTEN it could not make (the workers
  // then poll every half second), slow queries, a backlog.
  boss.on('warning', (warning: { message?: unknown; data?: unknown }) =>
    logger.warn('job queue', { warning: warning.message, data: warning.data }),
  );
  await boss.start();
  const known = new Map<string, QueueDefinition<never>>();
  for (const queue of queues) {
    known.set(queue.name, queue);
    const settings = {
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelay,
      retryBackoff: true,
      ...(queue.expireInSeconds ? { expireInSeconds: queue.expireInSeconds } : {}),
      ...(queue.deleteAfterSeconds ? { deleteAfterSeconds: queue.deleteAfterSeconds } : {}),
      notify: true,
    };
    await boss.createQueue(queue.name, { ...settings, policy: queue.policy ?? 'standard' });
    // An existing queue keeps what it was made with: the settings of this version apply.
    await boss.updateQueue(queue.name, settings);
  }

  async function run(queue: QueueDefinition<never>, job: Job<unknown>): Promise<void> {
    const { data, requestId } = unwrap(job);
    const started = performance.now();
    const fields = () => ({
      queue: queue.name,
      job: job.id,
      request_id: requestId,
      try: job.retryCount + 1,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    });
    try {
      await withRequestId(requestId, () =>
        queue.run(data as never, { id: job.id, retryCount: job.retryCount, jobs }),
      );
      logger.info('job done', fields());
      observe?.(queue.name, 'completed');
    } catch (error) {
      observe?.(queue.name, job.retryCount < queue.retryLimit ? 'retried' : 'failed');
      if (job.retryCount < queue.retryLimit) logger.warn('job will retry', { ...fields(), error });
      // The last try failed: the job stays in pg-boss's table as failed (for its queue's
      // deleteAfterSeconds), and the log says so at error level, once, for an operator's
      // alert. The data stays out of the log: it may hold an address or a name.
      if (job.retryCount >= queue.retryLimit) {
        logger.error('job failed for good', { ...fields(), tries: job.retryCount + 1, error });
        report?.(error, { queue: queue.name, job: job.id, request_id: requestId });
        await queue.gaveUp?.(data as never, error).catch((recordError: unknown) => {
          logger.error('failed job not recorded', { queue: queue.name, error: recordError });
        });
      }
      throw error;
    }
  }

  // This process's worker of each queue, woken when a job it sent for later comes due.
  const workers = new Map<string, string>();
  const jobs: JobQueue = {
    async start() {
      if (!work) return;
      const intervals = {
        pollingIntervalSeconds: polling.seconds,
        notifyPollingIntervalSeconds: polling.backstopSeconds,
      };
      for (const queue of known.values()) {
        const worker = await boss.work(queue.name, intervals, async ([job]) => {
          if (job) await run(queue, job);
        });
        workers.set(queue.name, worker);
        if (!queue.cron) continue;
        await boss.schedule(queue.name, queue.cron, {}, { tz: 'UTC' });
        // What came due while no process ran is done now, not at the next full minute.
        await boss.send(queue.name, {});
      }
    },
    async send(db, name, data, options = {}) {
      if (!known.has(name)) throw new Error(`no queue ${name}`);
      const requestId = currentRequestId();
      await boss.send(name, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, {
        db: fromDrizzle(inTransaction(db), sql),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      // Its NOTIFY wakes the workers before it is due: this process's looks again when it
      // is (another process's at its backstop, at the latest).
      const worker = workers.get(name);
      if (options.startAfterSeconds && worker)
        setTimeout(() => boss.notifyWorker(worker), options.startAfterSeconds * 1000).unref();
    },
    async drain(names = [...known.keys()]) {
      let done = 0;
      for (let found = true; found;) {
        found = false;
        for (const name of names) {
          const queue = known.get(name);
          if (!queue) continue;
          for (const job of await boss.fetch<unknown>(name, { batchSize: 20 })) {
            found = true;
            try {
              await run(queue, job);
              await boss.complete(name, job.id);
              done += 1;
            } catch (error) {
              // run() has logged it (a retry to come, or the last try).
              await boss.fail(name, job.id, { message: String(error) });
            }
          }
        }
      }
      return done;
    },
    async ping() {
      await boss.getDb().executeSql('select 1');
    },
    async depth() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          "select name, state, count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active') group by name, state",
        );
      return (rows as { name: string; state: string; count: number }[]).map((row) => ({
        queue: row.name,
        state: row.state,
        count: Number(row.count),
      }));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
    async maintain() {
      await boss.supervise();
    },
  };
  return jobs;
}

/** pg-boss runs its insert through drizzle's `execute`, so it joins the caller's transaction. */
function inTransaction(db: Database) {
  return {
    execute: async (query: unknown) => {
      const result: unknown = await db.execute(query as SQL);
      // Both drivers answer { rows }: node-postgres' QueryResult and PGlite's Results.
      const rows =
        result !== null &&
        typeof result === 'object' &&
        'rows' in result &&
        Array.isArray(result.rows)
          ? result.rows
          : [];
      return { rows };
    },
  };
}
