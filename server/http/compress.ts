import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzipAsync = promisify(gzip);
// Below this, gzip saves a few dozen bytes and costs more than it saves.
const THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml)|[^;]*\+(?:json|xml))/i;

/** Whether an Accept-Encoding value takes gzip (q=0 refuses it; `*` takes it). */
function readsGzip(header: string): boolean {
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name === 'gzip') return !refused;
    if (name === '*') star = !refused;
  }
  return star;
}

/** Clients send a handful of Accept-Encoding values: each is read once. */
const SEEN_ENCODINGS = 256;
const seenEncodings = new Map<string, boolean>();

/** Whether a request's Accept-Encoding takes gzip (none sent: it does not). */
export const takesGzip = (header: string | undefined): boolean =>
  header !== undefined && takesGzipCached(header);

function takesGzipCached(header: string): boolean {
  let takes = seenEncodings.get(header);
  if (takes === undefined) {
    takes = readsGzip(header);
    if (seenEncodings.size >= SEEN_ENCODINGS) seenEncodings.clear();
    seenEncodings.set(header, takes);
  }
  return takes;
}

/**
 * gzip for answers made here (JSON, pages) when the client takes it; built files come
 * precompressed (spa.ts) and pass untouched. Nothing is done after the answer is made
 * unless the client takes gzip: a change to a made answer rebuilds it (Hono), which
 * every request paid for before. An answer under 1 KiB goes as it is.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    // Before the answer is made: it is part of it from the start.
    c.header('Vary', 'Accept-Encoding');
    await next();
    const accepted = c.req.header('accept-encoding');
    if (!accepted || c.req.method === 'HEAD' || !takesGzipCached(accepted)) return;
    const res = c.res;
    // The headers first: the body is looked at (which makes the whole answer) last.
    if (
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '') ||
      Number(res.headers.get('Content-Length') ?? THRESHOLD_BYTES) < THRESHOLD_BYTES ||
      res.body === null
    ) {
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let sent = body;
    if (body.byteLength >= THRESHOLD_BYTES) {
      sent = await gzipAsync(body);
      headers.set('Content-Encoding', 'gzip');
      headers.delete('Content-Length');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    // Unset first: Hono would otherwise copy the old answer's headers over the new ones.
    c.res = undefined;
    c.res = new Response(sent, { status: res.status, headers });
  };
}
