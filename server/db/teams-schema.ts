/**
 * Teams (server/teams; decision 0016): a premium user owns at most one team, and its
 * members gain premium through it while the owner's own subscription is premium. The
 * owner is the `teams.owner_id` and is never a row of `team_members`, so a team's user
 * count is its member rows plus one. Imports `users` from identity-schema.ts only.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './identity-schema.ts';

/** Section 9: premium includes a team of five users; more may be saved but withhold premium. */
export const TEAM_MAX_SIZE_DEFAULT = 5;

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One team per owner: the unique key also settles two concurrent first saves. */
    ownerId: integer('owner_id')
      .notNull()
      .unique('teams_one_per_owner')
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How many users (the owner included) the team may hold with premium. */
    maxSize: integer('max_size').notNull().default(TEAM_MAX_SIZE_DEFAULT),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('teams_max_size_positive', sql`${t.maxSize} >= 1`)],
);
export type TeamRow = typeof teams.$inferSelect;

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_id_idx').on(t.userId),
  ],
);
