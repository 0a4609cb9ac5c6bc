import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Refused, RefusalKind } from '../errors.ts';

/** Each kind of refusal's status: the one place a refusal becomes HTTP. */
const STATUS: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  throttled: 429,
  system: 500,
  provider_failed: 502,
  unavailable: 503,
};

/** The section-8 answer for a refusal, with Retry-After when it says how long to wait. */
export function errorResponse(c: Context, { refusal }: Refused): Response {
  if ('errors' in refusal) return c.json({ errors: refusal.errors }, STATUS[refusal.kind]);
  const { kind, code, detail, retryAfter } = refusal;
  if (retryAfter === undefined) return c.json({ code, detail }, STATUS[kind]);
  c.header('Retry-After', String(retryAfter));
  return c.json({ code, detail, retry_after: retryAfter }, STATUS[kind]);
}
