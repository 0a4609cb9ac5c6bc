import { sql } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every time in the database is a timestamptz, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Values as an SQL list of literals: `'a', 'b'`. */
export const sqlList = (values: readonly string[]) =>
  values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');

/**
 * A CHECK's condition: the column holds one of `values`, the tuple its TypeScript type
 * comes from (`text(name, { enum: values })`); a null passes, as in any CHECK. The
 * values are literals in the SQL, as drizzle-kit needs them to write the migration.
 */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(sqlList(values))})`;
