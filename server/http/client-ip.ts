import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '../config.ts';

/**
 * The visitor's address: the socket's, or with TRUST_PROXY=1 the last entry of
 * X-Forwarded-For (the one our proxy added; earlier entries are the client's word).
 */
export function clientIp(c: Context, config: Config): string {
  if (config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/**
 * The visitor's country as the trusted proxy names it (COUNTRY_HEADER), upper-cased;
 * null without the header, for a malformed value, and for Cloudflare's XX (unknown)
 * and T1 (Tor), which are not countries.
 */
export function proxyCountry(c: Context, config: Config): string | null {
  const code = config.countryHeader
    ? c.req.header(config.countryHeader)?.trim().toUpperCase()
    : undefined;
  return code && /^[A-Z]{2}$/.test(code) && !['XX', 'T1'].includes(code) ? code : null;
}
