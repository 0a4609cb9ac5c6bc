import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordCost } from '../deps.ts';
import { createLine } from '../line.ts';

/**
 * Passwords are argon2id at OWASP's minimum (m=19 MiB, t=2, p=1), in the PHC string
 * format, which carries its parameters, so they can be raised later and old hashes
 * still verify. Hashes of the earlier scrypt format still verify, and are replaced at
 * the next sign-in (needsRehash).
 */

/** OWASP Password Storage Cheat Sheet, argon2id's first option. memoryCost in KiB. */
export const OWASP_ARGON2: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashing is bounded: one at a time per core, and a short line behind them. A request
 * beyond that answers 503 with Retry-After at once, instead of every request waiting
 * while memory grows (19 MiB each).
 */
const pool = createLine(availableParallelism(), availableParallelism() * 8);

const normalize = (password: string) => password.normalize('NFKC');

// The package's Algorithm is a const enum, which erasable TypeScript cannot import.
const ARGON2ID = 2;

/** `cost` is for tests only, which may use a lower one; production keeps the default. */
export function hashPassword(password: string, cost: PasswordCost = OWASP_ARGON2): Promise<string> {
  return pool(() => hash(normalize(password), { algorithm: ARGON2ID, ...cost }));
}

/** False for a wrong password and for a stored value this code cannot read. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    return pool(() => verify(stored, normalize(password)).catch(() => false));
  }
  const legacy = readScrypt(stored);
  return legacy ? pool(() => verifyScrypt(normalize(password), legacy)) : Promise.resolve(false);
}

const dummies = new Map<string, Promise<string>>();

/**
 * The hash of a random password at `cost`, made once per cost (at its first use). A
 * sign-in naming no account, or one without a password, verifies against it: the same
 * argon2 work as a wrong password, so the answer's time does not tell which it was.
 */
export function dummyHash(cost: PasswordCost = OWASP_ARGON2): Promise<string> {
  const key = `${cost.memoryCost},${cost.timeCost},${cost.parallelism}`;
  let made = dummies.get(key);
  if (!made) {
    made = hashPassword(randomBytes(32).toString('base64url'), cost);
    // A refusal (the hashing line full) is not kept: the next sign-in makes it again.
    made.catch(() => dummies.delete(key));
    dummies.set(key, made);
  }
  return made;
}

/** Whether a stored hash is of an older format or other parameters than `cost`. */
export function needsRehash(stored: string, cost: PasswordCost = OWASP_ARGON2): boolean {
  const { memoryCost: m, timeCost: t, parallelism: p } = cost;
  return !stored.startsWith(`$argon2id$v=19$m=${m},t=${t},p=${p}$`);
}

// The earlier format: scrypt$N=131072,r=8,p=1$<salt b64>$<key b64>
const SCRYPT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;
type Scrypt = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function readScrypt(stored: string): Scrypt | null {
  const match = SCRYPT.exec(stored);
  if (!match) return null;
  const key = Buffer.from(match[5] ?? '', 'base64');
  if (key.length === 0) return null;
  const [N, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return { N, r, p, salt: Buffer.from(match[4] ?? '', 'base64'), key };
}

function verifyScrypt(password: string, stored: Scrypt): Promise<boolean> {
  const { N, r, p, salt, key } = stored;
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve) => {
    scrypt(password, salt, key.length, options, (error, derived) => {
      resolve(!error && timingSafeEqual(derived, key));
    });
  });
}
