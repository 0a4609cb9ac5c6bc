import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { Locale } from '../../contract/countries.ts';
import {
  TOTP_CODE,
  type RecoveryCodes,
  type SecurityEventKind,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../contract/identity.ts';
import type { Database } from '../db/client.ts';
import { recoveryCodes, twoFactors, users, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { userRead } from '../user-reads.ts';
import { identityRefused } from './refusals.ts';
import { sendToUser, userLocale } from '../mail/send.ts';
import { twoFactorChangedMail, type TwoFactorChange } from '../mail/templates.ts';
import { MAX_CODE_ATTEMPTS } from './codes.ts';
import type { Device } from './devices.ts';
import { recordEvent } from './security-events.ts';

/** What the authenticator app shows the account as: the product, then the address. */
export const TOTP_ISSUER = 'GIS Account';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Wrong codes lock the step this long after the first of them, as the mailed code's life. */
export const TWO_FACTOR_LOCK_MS = 15 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code read from paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The secret's key: HKDF of SESSION_SECRET for this one purpose (AES-256-GCM). */
function secretKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'portal:totp-secret:v1', 32));
}

/** base64url of the 12-byte nonce, the ciphertext and the 16-byte tag. */
export function encryptSecret(sessionSecret: string, secret: Uint8Array, userId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(sessionSecret), iv);
  // Bound to its user: a row's secret copied to another row does not decrypt.
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

export function decryptSecret(sessionSecret: string, stored: string, userId: number): Uint8Array {
  const raw = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(sessionSecret), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
}

/** A recovery code's stored form: sha256 of the code without its hyphen, lower case. */
export function recoveryCodeHash(code: string): string {
  const plain = code.toLowerCase().replace(/[-\s]/g, '');
  return createHash('sha256').update(`recovery:${plain}`).digest('base64url');
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(31)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** Replaces the user's recovery codes with ten new ones, answered in clear this once. */
async function replaceRecoveryCodes(tx: Database, userId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/** The time step (now, one before or one after) whose code this is, if any. */
function matchingStep(key: Uint8Array, code: string, now: Date): number | null {
  const current = stepAt(now);
  for (const step of [current, current - 1, current + 1]) {
    if (generateHOTP(key, BigInt(step), DIGITS) === code) return step;
  }
  return null;
}

/** Whether signing in needs the app's code. */
export async function hasTwoFactor(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactors.userId })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)));
  return row !== undefined;
}

export async function twoFactorStatus(deps: AppDeps, userId: number): Promise<TwoFactorStatus> {
  // From memory while no change to the user's app or codes was heard (migration 0031).
  return userRead(deps, userId, 'two-factor', async () => {
    const enabled = await hasTwoFactor(deps.db, userId);
    const left = await deps.db.$count(
      recoveryCodes,
      and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)),
    );
    return { enabled, recovery_codes_left: enabled ? left : 0 };
  });
}

/**
 * Setup's first step: a fresh secret (20 random bytes), kept encrypted and pending in
 * place of any earlier pending one. Refused (409) while the app is on.
 */
export async function startTwoFactorSetup(deps: AppDeps, user: User): Promise<TwoFactorSetup> {
  const secret = randomBytes(20);
  const row = {
    secret: encryptSecret(deps.config.sessionSecret, secret, user.id),
    enabledAt: null,
    lastUsedStep: null,
    attempts: 0,
    attemptsFrom: null,
    createdAt: deps.clock.now(),
  };
  const saved = await deps.db
    .insert(twoFactors)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({
      target: twoFactors.userId,
      set: row,
      setWhere: isNull(twoFactors.enabledAt),
    })
    .returning({ userId: twoFactors.userId });
  if (saved.length === 0) throw identityRefused('two_factor_enabled');
  const uri = createTOTPKeyURI(TOTP_ISSUER, user.email, secret, PERIOD_SECONDS, DIGITS);
  return {
    uri,
    secret: encodeBase32NoPadding(secret),
    qr_svg: renderSVG(uri, { ecc: 'M', border: 2 }),
  };
}

type TwoFactorRow = typeof twoFactors.$inferSelect;

/**
 * Counts the try first, atomically (parallel guesses share the five), in a window that
 * starts with the first wrong try and lasts TWO_FACTOR_LOCK_MS. The fifth wrong one, and
 * any try after it in the window, answer max_confirmation_attempts_exceeded.
 */
async function countTry(deps: AppDeps, userId: number, pending: boolean): Promise<TwoFactorRow> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - TWO_FACTOR_LOCK_MS);
  const fresh = or(isNull(twoFactors.attemptsFrom), lt(twoFactors.attemptsFrom, since));
  const [row] = await deps.db
    .update(twoFactors)
    .set({
      attempts: sql`case when ${fresh} then 1 else ${twoFactors.attempts} + 1 end`,
      attemptsFrom: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${twoFactors.attemptsFrom} end`,
    })
    .where(
      and(
        eq(twoFactors.userId, userId),
        pending ? isNull(twoFactors.enabledAt) : isNotNull(twoFactors.enabledAt),
      ),
    )
    .returning();
  if (!row)
    throw pending ? identityRefused('not_found') : identityRefused('wrong_confirmation_code');
  if (row.attempts > MAX_CODE_ATTEMPTS) {
    throw identityRefused('max_confirmation_attempts_exceeded');
  }
  return row;
}

function wrongTry(row: TwoFactorRow): never {
  if (row.attempts >= MAX_CODE_ATTEMPTS) {
    throw identityRefused('max_confirmation_attempts_exceeded');
  }
  throw identityRefused('wrong_confirmation_code');
}

/**
 * Takes the app's code at `step`, once: the row's last used step moves to it only if it
 * was before it, so the same code (or an older one) never passes twice, even in parallel.
 */
async function spendStep(db: Database, userId: number, step: number): Promise<boolean> {
  const taken = await db
    .update(twoFactors)
    .set({ lastUsedStep: step, attempts: 0, attemptsFrom: null })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactors.userId });
  return taken.length > 0;
}

/** Where a change to the app was asked from: the browser, and the page's language. */
export interface AskedFrom {
  device: Device;
  pageLocale: Locale | null;
}

/** The change's security event and its notice mail, in the change's transaction. */
async function recordChange(
  deps: AppDeps,
  tx: Database,
  now: Date,
  user: User,
  from: AskedFrom,
  [kind, change]: [SecurityEventKind, TwoFactorChange],
): Promise<void> {
  await recordEvent(tx, now, user.id, kind, from.device);
  const locale = from.pageLocale ?? userLocale(user);
  await sendToUser(deps, { ...user, locale }, twoFactorChangedMail(change), 'account_notices', tx);
}

/**
 * A change to the app, one transaction: `write` makes it (a refusal thrown there rolls
 * it back), then its event and notice are written with it.
 */
async function changeApp<T>(
  deps: AppDeps,
  user: User,
  from: AskedFrom,
  what: [SecurityEventKind, TwoFactorChange],
  write: (tx: Database, now: Date) => Promise<T>,
): Promise<T> {
  return await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const done = await write(tx, now);
    await recordChange(deps, tx, now, user, from, what);
    return done;
  });
}

/**
 * Setup's last step: the app's first code turns it on. One transaction: the app on,
 * ten new recovery codes, the event, the notice. The codes are answered this once.
 */
export async function confirmTwoFactor(
  deps: AppDeps,
  user: User,
  code: string,
  from: AskedFrom,
): Promise<RecoveryCodes> {
  const row = await countTry(deps, user.id, true);
  const key = decryptSecret(deps.config.sessionSecret, row.secret, user.id);
  const step = matchingStep(key, code, deps.clock.now());
  if (step === null) wrongTry(row);
  return await changeApp(deps, user, from, ['two_factor_enabled', 'enabled'], async (tx, now) => {
    const on = await tx
      .update(twoFactors)
      .set({ enabledAt: now, lastUsedStep: step, attempts: 0, attemptsFrom: null })
      .where(
        and(
          eq(twoFactors.userId, user.id),
          isNull(twoFactors.enabledAt),
          eq(twoFactors.secret, row.secret),
        ),
      )
      .returning({ userId: twoFactors.userId });
    // A newer setup replaced this secret meanwhile, or it was confirmed in parallel.
    if (on.length === 0) throw identityRefused('not_found');
    return { recovery_codes: await replaceRecoveryCodes(tx, user.id, now) };
  });
}

/** Ten new recovery codes in place of the old ones; 404 while the app is off. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  user: User,
  from: AskedFrom,
): Promise<RecoveryCodes> {
  const what: [SecurityEventKind, TwoFactorChange] = [
    'recovery_codes_regenerated',
    'codes_regenerated',
  ];
  return await changeApp(deps, user, from, what, async (tx, now) => {
    // Locks the row: a parallel turning-off waits, and then finds no codes to leave.
    const [on] = await tx
      .select({ userId: twoFactors.userId })
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, user.id), isNotNull(twoFactors.enabledAt)))
      .for('update');
    if (!on) throw identityRefused('not_found');
    return { recovery_codes: await replaceRecoveryCodes(tx, user.id, now) };
  });
}

/** Turns the app off: its secret and recovery codes go. 404 while it is off. */
export async function disableTwoFactor(deps: AppDeps, user: User, from: AskedFrom): Promise<void> {
  await changeApp(deps, user, from, ['two_factor_disabled', 'disabled'], async (tx) => {
    const gone = await tx
      .delete(twoFactors)
      .where(and(eq(twoFactors.userId, user.id), isNotNull(twoFactors.enabledAt)))
      .returning({ userId: twoFactors.userId });
    if (gone.length === 0) throw identityRefused('not_found');
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

/**
 * The sign-in's second step: the app's code (its time step now, one before or one
 * after, and later than the last one taken) or an unused recovery code, which is spent
 * with its event and notice in one transaction. Every try counts toward the lock first.
 * Answers the sign-in method to log: 'totp' or 'recovery_code'.
 */
export async function verifySecondFactor(
  deps: AppDeps,
  userId: number,
  code: string,
  from: AskedFrom,
): Promise<'totp' | 'recovery_code'> {
  const row = await countTry(deps, userId, false);
  if (TOTP_CODE.test(code)) {
    const key = decryptSecret(deps.config.sessionSecret, row.secret, userId);
    const step = matchingStep(key, code, deps.clock.now());
    if (step === null || !(await spendStep(deps.db, userId, step))) wrongTry(row);
    return 'totp';
  }
  const spent = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (used.length === 0) return false;
    await tx
      .update(twoFactors)
      .set({ attempts: 0, attemptsFrom: null })
      .where(eq(twoFactors.userId, userId));
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (user) await recordChange(deps, tx, now, user, from, ['recovery_code_used', 'code_used']);
    else await recordEvent(tx, now, userId, 'recovery_code_used', from.device);
    return true;
  });
  if (!spent) wrongTry(row);
  return 'recovery_code';
}
