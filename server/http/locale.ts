import type { Context } from 'hono';
import * as v from 'valibot';
import { Locale, PAGE_LOCALE_HEADER } from '../../contract/countries.ts';
import { requestCookie } from './cookies.ts';

export const LOCALE_COOKIE = 'locale';

/** The best of en/ru in an Accept-Language header, or null when neither is wanted. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  let best: { locale: Locale; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const parsed = v.safeParse(Locale, primary);
    // Equal weights keep the header's order, as the first listed is preferred.
    if (parsed.success && Number.isFinite(q) && q > 0 && (best === null || q > best.q)) {
      best = { locale: parsed.output, q };
    }
  }
  return best?.locale ?? null;
}

/** The visitor's locale: their saved choice (cookie), else the browser's, else en. */
export function preferredLocale(c: Context): Locale {
  const saved = v.safeParse(Locale, requestCookie(c, LOCALE_COOKIE));
  if (saved.success) return saved.output;
  return localeFromAcceptLanguage(c.req.header('accept-language')) ?? 'en';
}

/**
 * The locale of the page a request comes from, when it says: the form's `locale` field,
 * else the `locale` query (a navigation, such as a social start), else the SPA's
 * page-locale header. A mail a page causes is in this language, else in the account's.
 */
export function pageLocaleOf(c: Context, body?: unknown): Locale | null {
  const given =
    body !== null && typeof body === 'object' && 'locale' in body ? body.locale : undefined;
  for (const candidate of [given, c.req.query('locale'), c.req.header(PAGE_LOCALE_HEADER)]) {
    const parsed = v.safeParse(Locale, candidate);
    if (parsed.success) return parsed.output;
  }
  return null;
}

/** The locale of a request: its page's, else the saved choice (cookie), else Accept-Language. */
export function requestLocale(c: Context, body?: unknown): Locale {
  return pageLocaleOf(c, body) ?? preferredLocale(c);
}
