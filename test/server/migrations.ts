import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect } from 'vitest';
import { migrationsFolder, type DatabaseHandle } from '../../server/db/client.ts';

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
