/**
 * Software releases (server/software): rows mirror the manifest in RELEASES_DIR, loaded
 * at every start. Imports nothing from the other schema modules.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const releases = pgTable(
  'releases',
  {
    /** Chosen in the manifest, so download links survive a reload. */
    id: integer('id').primaryKey(),
    product: text('product').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    /** Always os and dist, plus whatever else the manifest says (type: stable). */
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    /** Relative to RELEASES_DIR; null for a store page. */
    filePath: text('file_path'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** An app store page (android), instead of a file. */
    storeUrl: text('store_url'),
    /** The manifest's order. */
    position: integer('position').notNull(),
    loadedAt: timestamptz('loaded_at').notNull().defaultNow(),
  },
  (t) => [
    check('releases_id_positive', sql`${t.id} > 0`),
    check(
      'releases_file_or_store',
      sql`(${t.filePath} is null) <> (${t.storeUrl} is null) and (${t.filePath} is null) = (${t.fileSize} is null)`,
    ),
  ],
);
export type ReleaseRow = typeof releases.$inferSelect;
export type NewReleaseRow = typeof releases.$inferInsert;
