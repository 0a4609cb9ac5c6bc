import type { Config } from '../config.ts';

/**
 * In production every cookie of ours carries the `__Host-` prefix: browsers then
 * accept it only when Secure, on Path=/ and without Domain, so a sibling subdomain
 * cannot plant or shadow it.
 */
export function cookieName(config: Pick<Config, 'nodeEnv'>, base: string): string {
  return config.nodeEnv === 'production' ? `__Host-${base}` : base;
}

/** Attributes shared by the server's cookies (the CSRF cookie alone is readable by the page). */
export function cookieOptions(config: Pick<Config, 'nodeEnv'>) {
  return {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: config.nodeEnv === 'production',
  } as const;
}
