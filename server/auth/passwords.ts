import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt password hashes in a self-describing format, so parameters can be raised
 * later and old hashes still verify:  scrypt$N=131072,r=8,p=1$<salt b64>$<key b64>
 */
export type ScryptParams = { N: number; r: number; p: number };

/** OWASP's recommendation for scrypt (Password Storage Cheat Sheet). */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  length: number,
): Promise<Buffer> {
  const options: ScryptOptions = {
    ...params,
    // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that.
    maxmem: 128 * params.N * params.r * 2,
  };
  // The async form runs on libuv's pool, keeping the event loop free.
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `params` is for tests only, which may use a lower cost; production keeps the default. */
export async function hashPassword(
  password: string,
  params: ScryptParams = OWASP_SCRYPT,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  const { N, r, p } = params;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** Parameters of a stored hash, or null when it is not in the format above. */
export function readHashParams(stored: string): ScryptParams | null {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  return { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
}

/** False for a wrong password and for a stored value this code cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  const params = readHashParams(stored);
  if (!match || !params) return false;
  const salt = Buffer.from(match[4] ?? '', 'base64');
  const expected = Buffer.from(match[5] ?? '', 'base64');
  if (expected.length === 0) return false;
  const key = await derive(password, salt, params, expected.length);
  return timingSafeEqual(key, expected);
}
