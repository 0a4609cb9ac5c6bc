import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from '../logger.ts';
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
  /** PGlite only: the data folder as a gzipped tarball, reusable as a `template`. */
  dump?: () => Promise<Blob>;
};

/**
 * Either a PostgreSQL URL, or a PGlite folder (`memory://` keeps it in memory).
 * `template` is a PGlite data dump to start from, which skips initdb (tests use it).
 */
export type DatabaseTarget = { databaseUrl: string } | { dataDir: string; template?: Blob };

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
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, template ? { loadDataDir: template } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    jobsTarget: { pglite: client },
    dump: async () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, logger: Logger | undefined): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', (error) => logger?.warn('database connection lost', { error }));
  // Fail at start, not at the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    migrate: async () => {
      // Several processes may start at once: an advisory lock on one connection
      // makes the others wait and then find nothing left to apply.
      const client = new pg.Client({ connectionString: url });
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
    jobsTarget: { databaseUrl: url },
  };
}
