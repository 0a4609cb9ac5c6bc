import type { Context } from 'hono';
import type { CurrentCountry, Locale } from '../../../contract/countries.ts';
import type { AppDeps } from '../../deps.ts';
import { proxyCountry } from '../../http/client-ip.ts';
import { countryList } from '../countries.ts';

// Without a proxy telling us where the visitor is, their language is the best guess.
const COUNTRY_BY_LANGUAGE: Record<Locale, string> = { ru: 'RU', en: 'US' };

/**
 * The visitor's country: from the trusted proxy header when configured and in the
 * table, else by language. The name is in that language.
 */
export async function visitorCountry(
  c: Context,
  deps: AppDeps,
  lang: Locale,
): Promise<CurrentCountry> {
  const list = (await countryList(deps)).value;
  for (const code of [proxyCountry(c, deps.config), COUNTRY_BY_LANGUAGE[lang]]) {
    if (!code) continue;
    const row = list.find((country) => country.code === code);
    if (row) return { code: row.code, name: lang === 'ru' ? row.name_ru : row.name_en };
  }
  // Only reachable if an admin removed the fallback country from the table.
  const fallback = COUNTRY_BY_LANGUAGE[lang];
  return { code: fallback, name: fallback };
}
