/**
 * Teams (server/teams; decision 0016): a premium user owns at most one team, and its
 * members gain premium through it while the owner's own subscription is premium. The
 * owner is the `teams.owner_id` and is never a row of `team_members`, so a team's user
 * count is its member rows plus one. Imports `users` from identity-schema.ts only.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamptz } from './columns.ts';
import { userRef, users } from './identity-schema.ts';

/** Section 9: premium includes a team of five users; more may be saved but withhold premium. */
export const TEAM_MAX_SIZE_DEFAULT = 5;

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One team per owner: the unique key also settles two concurrent first saves. */
    ownerId: userRef('owner_id').notNull().unique('teams_one_per_owner'),
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
    userId: userRef().notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_id_idx').on(t.userId),
  ],
);

/** What an invitation may be: open, or ended by the invitee or the owner. */
export const invitationStates = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type InvitationState = (typeof invitationStates)[number];

/** The languages an owner may choose for an invitation mail (contract/countries.ts). */
export const invitationLocales = ['en', 'ru'] as const;

/**
 * Invitations by e-mail (decision 0602): the link's token is stored hashed only, a
 * resend replaces it, and a team has at most one pending invitation per address. A
 * pending invitation that has not expired takes a seat of the team.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    /** The public id the owner's calls name; never the token. */
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The invited address, lower-cased. */
    email: text('email').notNull(),
    /** The language of the mail and its links, chosen by the owner. */
    locale: text('locale', { enum: invitationLocales }).notNull(),
    /** SHA-256 of the link's token (server/identity/tokens.ts). */
    tokenHash: text('token_hash').notNull().unique('team_invitations_token_hash_key'),
    state: text('state', { enum: invitationStates }).notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull(),
    /** When the newest mail (and token) went out: a resend moves it and the expiry. */
    sentAt: timestamptz('sent_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When it was accepted, declined or revoked. */
    endedAt: timestamptz('ended_at'),
    /** The account that accepted it. */
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('team_invitations_state', oneOf(t.state, invitationStates)),
    check('team_invitations_locale', oneOf(t.locale, invitationLocales)),
    uniqueIndex('team_invitations_one_pending')
      .on(t.teamId, t.email)
      .where(sql`${t.state} = 'pending'`),
  ],
);
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
