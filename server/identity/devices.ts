import Bowser from 'bowser';

/** The browser a request came from, as the sessions list and the security log show it. */
export interface Device {
  /** Its User-Agent header, cut to a sane length; null when it sent none. */
  userAgent: string | null;
  ip: string;
  /** Its country code as the trusted proxy says it, or null. */
  country: string | null;
}

/** Browser and OS names with their major version, as a person would say them. */
export function deviceNames(userAgent: string | null): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;
  // Windows says "NT 10.0" where people say 10.
  const osVersion = os.name === 'Windows' ? os.versionName : os.version;
  return { browser: named(browser.name, browser.version), os: named(os.name, osVersion) };
}
