import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableColumns, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect } from 'vitest';
import { migrationsFolder, type Database, type DatabaseHandle } from '../../server/db/client.ts';

// A migration's test: the schema as it stood before it, rows written there, then the
// server's own runner.

/** The migrations folder as it stood before `tag`: its SQL files, the journal up to it. */
export async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** Applies a migrations folder as the server's runner does, on PGlite or PostgreSQL. */
export async function migrateWith(handle: DatabaseHandle, folder: string): Promise<void> {
  const where = handle.jobsTarget;
  if ('pglite' in where) {
    await migratePglite(drizzlePglite({ client: where.pglite }), { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: where.databaseUrl });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

/**
 * Inserts rows naming only the columns given, so a test's rows can be written into the
 * schema as it stood before a migration: a plain insert names every column of today's
 * table, and a column added later does not exist there yet.
 */
export async function insertGiven<T extends PgTable>(
  db: Database,
  table: T,
  rows: Partial<T['$inferInsert']>[],
): Promise<void> {
  const columns = getTableColumns(table) as Record<string, Column>;
  for (const row of rows) {
    const keys = Object.keys(row).filter((key) => columns[key] !== undefined);
    const values = keys.map((key) =>
      sql.param((row as Record<string, unknown>)[key], columns[key]),
    );
    await db.execute(
      sql`insert into ${table} (${sql.join(
        keys.map((key) => sql.identifier(columns[key]!.name)),
        sql`, `,
      )}) values (${sql.join(values, sql`, `)})`,
    );
  }
}
