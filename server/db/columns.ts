import { timestamp } from 'drizzle-orm/pg-core';

/** Every time in the database is a timestamptz, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
