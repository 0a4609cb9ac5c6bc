import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { Locale } from '../../contract/countries.ts';

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
  const saved = v.safeParse(Locale, getCookie(c, LOCALE_COOKIE));
  if (saved.success) return saved.output;
  return localeFromAcceptLanguage(c.req.header('accept-language')) ?? 'en';
}
