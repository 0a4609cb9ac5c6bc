import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config, EnvConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';

const SESSION_SECRET = 'session_secret';

/**
 * The signing secret: SESSION_SECRET when set, else one made at random on the first
 * start and kept in the database, so restarts and every process on the same database
 * agree on it and nobody who reads the source can sign anything.
 */
export async function resolveSecret(db: Database, config: EnvConfig): Promise<Config> {
  if (config.sessionSecret !== null) return { ...config, sessionSecret: config.sessionSecret };
  // Of two processes starting at once, the first insert wins and both read it back.
  await db
    .insert(serverSecrets)
    .values({ name: SESSION_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SESSION_SECRET));
  if (!row) throw new Error('the signing secret could not be stored');
  return { ...config, sessionSecret: row.value };
}

/**
 * A key of its own for one purpose (a payment provider's webhooks, say), derived from
 * the signing secret, so a key handed to one party signs nothing else.
 */
export function derivedKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`key:${purpose}`).digest('base64url');
}
