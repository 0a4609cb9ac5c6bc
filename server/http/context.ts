import type { User } from '../db/schema.ts';

/** Hono's typed context: the session middleware sets `user` on every /api request. */
export type AppEnv = { Variables: { user: User | null } };
