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

/** Header names in lower case, as the transport compares them. */
export type HeaderBlock = Readonly<Record<string, string>>;

/**
 * The security headers every answer carries, by lower-case name, computed once per
 * configuration. The transport writes them (server/http/serve.ts) into each answer that
 * does not name its own.
 */
export function securityHeaders(
  config: Pick<Config, 'nodeEnv'> & Partial<Pick<Config, 'sentryDsn'>>,
  pictureSources: readonly string[],
): HeaderBlock {
  return Object.freeze({
    ...(config.nodeEnv === 'production'
      ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
      : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'content-security-policy': contentSecurityPolicy(
      pictureSources,
      config.sentryDsn ? new URL(config.sentryDsn).origin : null,
    ),
  });
}
