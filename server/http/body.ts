import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamedBodyLimit } from 'hono/body-limit';
import { refusal, invalidInput } from '../errors.ts';
import { errorResponse } from './errors.ts';

/** The most any /api request body may weigh; bodyLimit below answers 413 above it. */
export const MAX_BODY_BYTES = 64 * 1024;

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 413 for a body over MAX_BODY_BYTES, before anything reads it. A declared
 * Content-Length is all it looks at: Node's parser never delivers more than that. Only
 * a body of unknown length is counted as it streams (Hono's bodyLimit), since asking
 * for the stream makes @hono/node-server build a whole Request with its AbortSignal,
 * which every request paid for before, and a sign-in flood in memory. Bodies of
 * GET, HEAD and OPTIONS are never read here.
 */
export function bodyLimit(): MiddlewareHandler {
  const tooLarge = (c: Context) => errorResponse(c, refusal('too_large', 'payload_too_large'));
  const streamed = streamedBodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  return async (c, next) => {
    if (BODILESS.has(c.req.method)) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > MAX_BODY_BYTES ? tooLarge(c) : next();
    }
    return streamed(c, next);
  };
}

/** Every body here is a flat set of fields or a small object: deeper JSON is not ours. */
export const MAX_JSON_DEPTH = 32;

/**
 * What a route takes: JSON (the SPA's calls), a form (the spec's sign-in, sign-up and
 * reset posts) or multipart (the invoice request). Anything else answers 415.
 */
export type BodyKind = 'json' | 'form' | 'multipart';

const TYPES: Record<BodyKind, (type: string) => boolean> = {
  json: (type) => type === 'application/json' || type.endsWith('+json'),
  form: (type) => type === 'application/x-www-form-urlencoded',
  multipart: (type) => type === 'multipart/form-data',
};

/** The request body as plain data; a wrong type is 415, anything unreadable 400. */
export async function readBody(c: Context, kind: BodyKind): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!TYPES[kind](type)) throw refusal('unsupported', 'unsupported_media_type');
  const body = await read(c, kind);
  // PostgreSQL text cannot hold NUL: refused here, it would otherwise be a 500 later.
  if (holdsNul(body)) throw invalidInput();
  return body;
}

async function read(c: Context, kind: BodyKind): Promise<unknown> {
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(await c.req.text()));
  if (kind === 'multipart') {
    try {
      return await c.req.parseBody();
    } catch {
      throw invalidInput();
    }
  }
  const text = await c.req.text();
  // Checked before parsing: nesting thousands deep would exhaust the stack later on.
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw invalidInput();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidInput();
  }
  // Every body here is a set of named fields; anything else has no field to blame.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidInput();
  return parsed;
}

/** The deepest nesting of objects and arrays in a JSON text, strings skipped. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}
