import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

// Emotion (Chakra) injects <style> tags at run time, hence 'unsafe-inline' for styles
// only; scripts stay limited to the built bundle. Images may also come from the hosts
// the app names (the social providers' picture hosts: the userpics, docs/decisions/0213).
const contentSecurityPolicy = (pictureSources: readonly string[], reportTo: string | null) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${pictureSources.join(' ')}`,
    "font-src 'self' data:",
    // The error-reporting service's host (SENTRY_DSN), where the SPA sends its reports.
    `connect-src 'self'${reportTo ? ` ${reportTo}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Two years, subdomains included: browsers then never try this host over plain HTTP. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

export function securityHeaders(
  config: Pick<Config, 'nodeEnv'> & Partial<Pick<Config, 'sentryDsn'>>,
  pictureSources: readonly string[],
): MiddlewareHandler {
  const headers: [string, string][] = [
    ...(config.nodeEnv === 'production'
      ? [['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY] as [string, string]]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    [
      'Content-Security-Policy',
      contentSecurityPolicy(
        pictureSources,
        config.sentryDsn ? new URL(config.sentryDsn).origin : null,
      ),
    ],
  ];
  return async (c, next) => {
    // Set before the answer is made, they are part of it from the start: set after, each
    // would make Hono rebuild the answer.
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // An answer made without the context (none here today) still gets them.
    if (!c.res.headers.has('Content-Security-Policy')) {
      for (const [name, value] of headers) c.header(name, value);
    }
  };
}
