import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, getTableColumns, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { releases, type ReleaseRow } from '../db/schema.ts';
import { ManifestError, readManifest } from './manifest.ts';

/*
 * Releases are data: the manifest in RELEASES_DIR is loaded into the `releases` table at
 * every start, so an operator replaces the folder (files and manifest.json) and restarts.
 */

const { id: _id, loadedAt: _loadedAt, ...manifestColumns } = getTableColumns(releases);
/** What an upsert of a listed release sets: each field the manifest gives, as given. */
const fromManifest = Object.fromEntries(
  Object.entries(manifestColumns).map(([key, column]) => [
    key,
    sql`excluded.${sql.identifier(column.name)}`,
  ]),
);

// Any fixed number, the same in every process.
const RELEASES_LOCK = 724_312;

/** RELEASES_DIR as an absolute real path; a missing folder stops the start. */
export async function releasesRoot(dir: string): Promise<string> {
  try {
    return await realpath(path.resolve(dir));
  } catch {
    throw new ManifestError(`RELEASES_DIR: ${path.resolve(dir)} is not a folder`);
  }
}

/**
 * Makes the table say what the manifest says, in one transaction: new and changed
 * releases written, releases no longer listed removed. Loading the same manifest again
 * leaves the same rows, and processes starting at once take turns. Returns the count.
 */
export async function loadReleases(db: Database, dir: string): Promise<number> {
  const loaded = await readManifest(await releasesRoot(dir));
  await db.transaction(async (tx) => {
    // Processes starting together (a rolling deploy, maybe with two manifests) take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${RELEASES_LOCK})`);
    const ids = loaded.map((release) => release.id);
    await tx.delete(releases).where(ids.length > 0 ? notInArray(releases.id, ids) : undefined);
    if (loaded.length === 0) return;
    // One statement for every release (a start waited on one per release): a listed
    // release takes every field the manifest gives, as `excluded` holds them.
    await tx
      .insert(releases)
      .values(loaded)
      .onConflictDoUpdate({ target: releases.id, set: { ...fromManifest, loadedAt: sql`now()` } });
  });
  return loaded.length;
}

export interface ReleaseFilter {
  tag?: string | undefined;
  /** Every key must have its value. */
  options: Record<string, string>;
}

/** `key:value` strings (already validated) as one options object; a repeated key keeps the last. */
export function optionFilter(pairs: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (const pair of pairs) {
    const colon = pair.indexOf(':');
    options[pair.slice(0, colon)] = pair.slice(colon + 1);
  }
  return options;
}

/** The releases matching the filter, in the manifest's order. */
export async function listReleases(db: Database, filter: ReleaseFilter): Promise<ReleaseRow[]> {
  const conditions: SQL[] = [];
  if (filter.tag !== undefined) {
    conditions.push(sql`${releases.tags} @> ${JSON.stringify([filter.tag])}::jsonb`);
  }
  if (Object.keys(filter.options).length > 0) {
    conditions.push(sql`${releases.options} @> ${JSON.stringify(filter.options)}::jsonb`);
  }
  return db
    .select()
    .from(releases)
    .where(and(...conditions))
    .orderBy(asc(releases.position), asc(releases.id));
}

/**
 * Whether a release matches the filter, as `listReleases` would select it: it has the
 * tag, and each option has the value asked for. For the releases kept in memory.
 */
export function matchesFilter(row: ReleaseRow, filter: ReleaseFilter): boolean {
  if (filter.tag !== undefined && !row.tags.includes(filter.tag)) return false;
  return Object.entries(filter.options).every(([key, value]) => row.options[key] === value);
}

export async function findRelease(db: Database, id: number): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  return row ?? null;
}
