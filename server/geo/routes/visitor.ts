import type { Context } from 'hono';
import type { Country, CurrentCountry, Locale } from '../../../contract/countries.ts';
import { countries } from '../../db/schema.ts';
import { readReference, type Reference } from '../../db/reference-cache.ts';
import type { AppDeps } from '../../deps.ts';
import { proxyCountry } from '../../http/client-ip.ts';

// Without a proxy telling us where the visitor is, their language is the best guess.
const COUNTRY_BY_LANGUAGE: Record<Locale, string> = { ru: 'RU', en: 'US' };

// Sorted here, not in SQL: the database's collation differs between PGlite and
// servers (C puts "Åland Islands" after "Zimbabwe"); people expect English order.
const byEnglishName = new Intl.Collator('en');

/** The countries table in English order, from memory while it has not changed. */
export function countryList(deps: Pick<AppDeps, 'db' | 'cache'>): Promise<Reference<Country[]>> {
  return readReference(deps.cache, 'countries', ['countries'], async () =>
    (await deps.db.select().from(countries))
      .map((row) => ({ code: row.code, name_en: row.nameEn, name_ru: row.nameRu }))
      .sort((a, b) => byEnglishName.compare(a.name_en, b.name_en)),
  );
}

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
