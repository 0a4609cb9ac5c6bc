import type { Context } from 'hono';
import { invalidInput } from './errors.ts';

/** The most any /api request body may weigh; bodyLimit in app.ts answers 413 above it. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The request body as plain data, JSON or form-encoded (the auth forms post forms,
 * the rest of the SPA posts JSON). Anything unreadable is the client's fault: 400.
 */
export async function readBody(c: Context): Promise<unknown> {
  const body = await readAnyBody(c);
  // PostgreSQL text cannot hold NUL: refused here, it would otherwise be a 500 later.
  if (holdsNul(body)) throw invalidInput();
  return body;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}

async function readAnyBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidInput();
    }
    // Every body here is a set of named fields; anything else has no field to blame.
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalidInput();
    return parsed;
  }
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  if (type === 'multipart/form-data') {
    try {
      return await c.req.parseBody();
    } catch {
      throw invalidInput();
    }
  }
  throw invalidInput();
}
