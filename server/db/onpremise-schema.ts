/**
 * On-premise identifier binding (server/onpremise; decision 0701): the identifiers of
 * on-premise installs, each bound to one account. Imports `users` from identity-schema.ts
 * only.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userRef } from './identity-schema.ts';

export const onpremiseBindings = pgTable(
  'onpremise_bindings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef().notNull(),
    /** As setup prints it (upper case); bound to one account at most, across all of them. */
    identifier: text('identifier').notNull(),
    /** The user's name for the install; may be empty. */
    label: text('label').notNull().default(''),
    boundAt: timestamptz('bound_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('onpremise_bindings_identifier_key').on(t.identifier),
    index('onpremise_bindings_user_id_idx').on(t.userId),
    check('onpremise_bindings_identifier_upper', sql`${t.identifier} = upper(${t.identifier})`),
  ],
);
export type OnpremiseBinding = typeof onpremiseBindings.$inferSelect;
