import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { LoginForm, type AuthResult } from '../../contract/auth.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endSession, startSession } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { users, type User } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { fieldError } from '../http/errors.ts';
import { preferredLocale } from '../http/locale.ts';
import { parseInput } from '../http/validate.ts';

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

/** Usernames cannot hold '@', so the login names one or the other, never both. */
async function findUserByLogin(db: Database, login: string): Promise<User | undefined> {
  const lowered = login.toLowerCase();
  const where = lowered.includes('@')
    ? eq(users.email, lowered)
    : sql`lower(${users.username}) = ${lowered}`;
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

/** Mounted at /api/auth/ */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/login/', async (c) => {
    const form = parseInput(LoginForm, await readBody(c));
    // Throttling (a later issue) belongs here, before any lookup or password work.
    const user = await findUserByLogin(deps.db, form.login);
    if (!user) throw fieldError('login', 'user_absent');
    if (!(await verifyPassword(form.password, user.passwordHash))) {
      throw fieldError('password', 'wrong_credentials');
    }
    await startSession(c, deps, user.id);
    const next =
      form.next !== undefined && isLocalPath(form.next)
        ? form.next
        : `/${preferredLocale(c)}/profile`;
    return c.json({ next } satisfies AuthResult);
  });

  router.post('/logout/', async (c) => {
    await endSession(c, deps);
    return c.body(null, 204);
  });

  return router;
}
