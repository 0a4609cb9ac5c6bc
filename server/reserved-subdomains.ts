/**
 * Names no user may take as a web GIS subdomain: they would pass for the operator's own
 * services (a phishing page at `login.<domain>` or `admin.<domain>`), catch the mail and
 * certificate traffic some clients send to well-known hosts (`autodiscover`, `wpad`,
 * `mail`), or collide with hosts the operator runs beside the instances. Names shorter
 * than section 5's four characters cannot be taken anyway; they stay listed so that the
 * list reads whole. WEBGIS_RESERVED_SUBDOMAINS adds the operator's own (server/config.ts).
 */
export const DEFAULT_RESERVED_SUBDOMAINS: readonly string[] = [
  'abuse',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'api-gateway',
  'app',
  'assets',
  'auth',
  'autoconfig',
  'autodiscover',
  'billing',
  'blog',
  'cdn',
  'console',
  'dashboard',
  'dev',
  'docs',
  'download',
  'downloads',
  'email',
  'ftp',
  'gateway',
  'help',
  'hostmaster',
  'imap',
  'internal',
  'localhost',
  'login',
  'logout',
  'mail',
  'mx',
  'no-reply',
  'noreply',
  'ns1',
  'ns2',
  'oauth',
  'panel',
  'payment',
  'payments',
  'pop',
  'pop3',
  'portal',
  'postmaster',
  'root',
  'secure',
  'security',
  'signin',
  'signup',
  'smtp',
  'sso',
  'staging',
  'static',
  'status',
  'support',
  'test',
  'webmail',
  'webmaster',
  'wpad',
  'www',
];

/**
 * Whether `subdomain` (lower-cased) is kept from users: a listed name, or the portal's
 * own label when the portal itself answers at `<label>.<WEBGIS_DOMAIN>`.
 */
export function isReservedSubdomain(
  // The two settings it needs, named here: config.ts imports this file's list.
  config: { publicUrl: string; webgis: { domain: string; reservedSubdomains: readonly string[] } },
  subdomain: string,
): boolean {
  if (config.webgis.reservedSubdomains.includes(subdomain)) return true;
  const portalHost = new URL(config.publicUrl).hostname.toLowerCase();
  return portalHost === `${subdomain}.${config.webgis.domain}`;
}
