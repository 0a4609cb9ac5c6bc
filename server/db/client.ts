import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import {
  drizzle as drizzlePg,
  NodePgSession,
  type NodePgDatabase,
} from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
} from 'drizzle-orm/relations';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ChangeFeed } from './session-cache.ts';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { PGLITE_START_PARAMS, prepareFolder } from './pglite-folder.ts';
import * as schema from './schema.ts';

/** Where the job queue keeps its tables: the PGlite instance, or the server's URL. */
export type Where = { pglite: PGlite } | { databaseUrl: string };

/** What the app uses: the same drizzle API over PGlite or node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /** Applies pending migrations from server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Where the job queue keeps its tables: the same database. */
  jobsTarget: Where;
  /** Notifications from the database (LISTEN), for the session cache. */
  changeFeed(): ChangeFeed;
  /** PGlite only: the data folder as a gzipped tarball, reusable as a `template`. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections in all, idle, and callers waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/**
 * Either a PostgreSQL URL, or a PGlite folder (`memory://` keeps it in memory).
 * `template` is a PGlite data dump to start from, which skips initdb (tests use it).
 */
export type DatabaseTarget = { databaseUrl: string } | { dataDir: string; template?: Blob };

/** One round trip to the database: the readiness check's. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

export const migrationsFolder = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any fixed number: every server process agrees on it, so concurrent starts queue.
const MIGRATION_LOCK = 724_311;

export async function openDatabase(
  target: DatabaseTarget,
  logger?: Logger,
): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl, logger);
  return openPglite(target.dataDir, target.template);
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) {
    if (template) await mkdir(dataDir, { recursive: true });
    else await prepareFolder(dataDir);
  }
  const client = await PGlite.create(dataDir, {
    startParams: PGLITE_START_PARAMS,
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    jobsTarget: { pglite: client },
    changeFeed: () => pgliteFeed(client),
    dump: async () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<DatabaseHandle> {
  // A connection that cannot be made within 5 s fails its request (503), not hangs it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', (error) => logger?.warn('database connection lost', { error }));
  // Nor one dropped while it is checked out (node-postgres emits 'error' on the client
  // then, and an 'error' without a listener ends the process): the query under way
  // fails, and the pool drops the connection when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn('database connection lost', { error }));
  });
  // Fail at start, not at the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  db.transaction = poolTransactions(pool);
  return {
    db,
    migrate: async () => {
      // Several processes may start at once: an advisory lock on one connection
      // makes the others wait and then find nothing left to apply.
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => logger?.warn('database connection lost', { error }));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    jobsTarget: { databaseUrl: url },
    changeFeed: () => postgresFeed(url, logger),
  };
}

const relations = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relationalSchema = {
  fullSchema: schema,
  schema: relations.tables as ExtractTablesWithRelations<typeof schema>,
  tableNamesMap: relations.tableNamesMap,
};

/**
 * Transactions on a pool, each on one connection checked out for it. drizzle's own
 * keeps a connection whose BEGIN failed checked out for good, and gives back a
 * connection whose ROLLBACK failed as if it were sound; here the connection always
 * goes back, and one that failed as a connection is dropped instead of reused.
 */
function poolTransactions(pool: pg.Pool): NodePgDatabase<typeof schema>['transaction'] {
  const dialect = new PgDialect();
  return async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await new NodePgSession<typeof schema, ExtractTablesWithRelations<typeof schema>>(
        client,
        dialect,
        relationalSchema,
      ).transaction(work, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error('lost');
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** PGlite hands a notification to its listeners before the committing query returns. */
function pgliteFeed(client: PGlite): ChangeFeed {
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    async listen(channel, { onChange, onReady }) {
      unsubscribe = await client.listen(channel, onChange);
      onReady();
    },
    settle: () => Promise.resolve(),
    close: async () => {
      await unsubscribe?.();
    },
  };
}

const FEED_RETRY_MS = 1000;

/**
 * One connection of its own that LISTENs; when it drops, the feed says so at once and
 * reconnects every second. `settle` is a round trip on that connection: PostgreSQL
 * sends the notifications pending for a session before it reports the session ready.
 */
function postgresFeed(url: string, logger: Logger | undefined): ChangeFeed {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  return {
    async listen(channel, { onChange, onLost, onReady }) {
      const lost = (lostClient: pg.Client) => {
        if (client !== lostClient) return;
        client = undefined;
        onLost();
        lostClient.end().catch(() => {});
        reconnectLater();
      };
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel) onChange(message.payload ?? '');
        });
        next.on('error', (error) => {
          logger?.warn('database notifications lost', { error });
          lost(next);
        });
        next.on('end', () => lost(next));
        try {
          await next.connect();
          await next.query(`LISTEN "${channel}"`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        if (closed) return void (await next.end());
        client = next;
        onReady();
      };
      const reconnectLater = () => {
        if (closed) return;
        retry = setTimeout(() => {
          connect().catch((error: unknown) => {
            logger?.warn('database notifications unavailable', { error });
            reconnectLater();
          });
        }, FEED_RETRY_MS);
        retry.unref();
      };
      await connect().catch((error: unknown) => {
        logger?.warn('database notifications unavailable', { error });
        reconnectLater();
      });
    },
    settle() {
      // One query at a time on the connection: a settle waits for the one before it.
      const current = client;
      if (!current) return Promise.resolve();
      const next = queue
        .then(() => current.query('select 1'))
        .then(
          () => {},
          () => {},
        );
      queue = next;
      return next;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
