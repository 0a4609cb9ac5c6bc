import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

// Emotion (Chakra) injects <style> tags at run time, hence 'unsafe-inline' for styles
// only; scripts stay limited to the built bundle.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years, subdomains included: browsers then never try this host over plain HTTP. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

export function securityHeaders(config: Pick<Config, 'nodeEnv'>): MiddlewareHandler {
  const production = config.nodeEnv === 'production';
  return async (c, next) => {
    await next();
    if (production) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  };
}
