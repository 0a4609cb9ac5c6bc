import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../contract/countries.ts';
import type { Database } from '../db/client.ts';
import { users, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { hashPassword, needsRehash } from './passwords.ts';

/**
 * Only paths on this site may be a `next`: one leading slash, no second slash or
 * backslash after it (browsers read both as another host), no whitespace or control
 * characters (browsers drop them, which could turn `/\t/x` into `//x`).
 */
export function isLocalPath(next: string): boolean {
  const hasControl = [...next].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f;
  });
  return !hasControl && /^\/(?![/\\])[^\s\\]*$/.test(next);
}

/** The longest return address a provider is given (the card setup's contract says the same). */
const MAX_ADDRESS = 2000;

/**
 * A page of this site to come back to from a provider, made absolute: a local path, or
 * PUBLIC_URL itself or an address under it; null for anything else, and for an address
 * longer than 2,000 characters.
 */
export function addressOfThisSite(given: string, publicUrl: string): string | null {
  if (given.length > MAX_ADDRESS) return null;
  if (isLocalPath(given)) return `${publicUrl}${given}`;
  return given === publicUrl || given.startsWith(`${publicUrl}/`) ? given : null;
}

/**
 * The `next` a half-done sign-in keeps in its cookie: a local path of at most 512
 * characters (decision 0202), else none. Browsers drop cookies over 4 KB.
 */
export function keptNext(next: string | null): string | null {
  return next !== null && next.length <= 512 && isLocalPath(next) ? next : null;
}

/** Where a signed-in browser goes: the given local `next`, else the profile. */
export function nextAfterSignIn(next: string | null | undefined, locale: Locale): string {
  return next !== undefined && next !== null && isLocalPath(next) ? next : `/${locale}/profile`;
}

/** A path under another locale prefix, when it has one (`/en/x` → `/ru/x`). */
export function underLocale(path: string, locale: Locale): string {
  return path.replace(/^\/(en|ru)(?=[/?#]|$)/, `/${locale}`);
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/** Usernames cannot hold '@', so the login names one or the other, never both. */
export async function findUserByLogin(db: Database, login: string): Promise<User | undefined> {
  const lowered = login.toLowerCase();
  if (lowered.includes('@')) return findUserByEmail(db, lowered);
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${lowered}`)
    .limit(1);
  return user;
}

/** The e-mail's local part in username characters, made unique with a number. */
export async function uniqueUsername(db: Database, email: string): Promise<string> {
  const local = email.split('@')[0] ?? '';
  const base = local.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30) || 'user';
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate =
      attempt === 0 ? base : `${base}${attempt < 10 ? attempt + 1 : randomInt(100, 1_000_000)}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`)
      .limit(1);
    if (!taken) return candidate;
  }
  return `${base}${randomInt(1_000_000, 1_000_000_000)}`;
}

/**
 * After a right password: a hash of an older format or cost is replaced with one at the
 * current cost. Compare-and-set on the old hash, so a password changed meanwhile stays.
 */
export async function upgradePasswordHash(
  deps: Pick<AppDeps, 'db' | 'passwordCost'>,
  user: Pick<User, 'id' | 'passwordHash'>,
  password: string,
): Promise<void> {
  const old = user.passwordHash;
  if (old === null || !needsRehash(old, deps.passwordCost)) return;
  const passwordHash = await hashPassword(password, deps.passwordCost);
  await deps.db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, old)));
}
