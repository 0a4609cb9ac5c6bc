import type { Context } from 'hono';
import { matchesNoneMatch } from '../validators.ts';
import type { Reference } from '../db/reference-cache.ts';

/**
 * An answer of reference data with its validator: the kept JSON text and its strong
 * ETag, `Cache-Control: no-cache` (a browser keeps it but asks again every time), and
 * 304 without a body when the browser already has this text. `personal`: the answer
 * depends on who asks (a signed-in read, the visitor's currency), so only the browser
 * keeps it (`private`). gzip makes the ETag weak (compress.ts); If-None-Match compares
 * weakly, so a weak one sent back still matches.
 */
export function referenceAnswer(
  c: Context,
  reference: Pick<Reference<unknown>, 'body' | 'etag'>,
  { personal }: { personal: boolean },
): Response {
  c.header('ETag', reference.etag);
  c.header('Cache-Control', personal ? 'private, no-cache' : 'no-cache');
  if (matchesNoneMatch(c.req.header('if-none-match'), reference.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json');
  return c.body(reference.body);
}
