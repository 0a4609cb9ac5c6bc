/**
 * Consultation requests of the on-premise page (server/consultation; decision 0702):
 * what the requester sent, kept beside the mails it caused. Imports `users` from
 * identity-schema.ts only.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userRef } from './identity-schema.ts';

export const consultationRequests = pgTable(
  'consultation_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    industry: text('industry').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** The page's language: the requester's confirmation mail is written in it. */
    language: text('language').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('consultation_requests_user_id_idx').on(t.userId)],
);
export type ConsultationRequestRow = typeof consultationRequests.$inferSelect;
