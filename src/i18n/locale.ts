import { locales, type Locale } from '../../contract/countries.ts';
import { isOneOf } from '../../contract/one-of.ts';
import { pageMeta } from '../components/page-json.ts';

export { locales, type Locale };

export function isLocale(value: unknown): value is Locale {
  return isOneOf(locales, value);
}

/** The page-level default the server writes into the HTML; en when absent or unknown. */
export function pageLocale(doc?: ParentNode): Locale {
  const value = pageMeta('portal-locale', doc);
  return isLocale(value) ? value : 'en';
}

/** The locale prefix of an address path (`/ru/profile` → ru), or null without one. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : null;
}

/** The same address under another locale prefix, keeping the query and hash. */
export function withLocale(href: string, locale: Locale): string {
  const url = new URL(href, 'http://x');
  const rest = localeOfPath(url.pathname) ? url.pathname.replace(/^\/[^/]+/, '') : url.pathname;
  return `/${locale}${rest === '/' ? '' : rest}${url.search}${url.hash}`;
}

/** Remembers the choice so the server picks it as the default next time. */
export function saveLocaleChoice(locale: Locale): void {
  document.cookie = `locale=${locale}; path=/; max-age=31536000; samesite=lax`;
}
