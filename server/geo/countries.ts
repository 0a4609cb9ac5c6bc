import type { Country } from '../../contract/countries.ts';
import { countries } from '../db/schema.ts';
import { readReference, type Reference } from '../db/reference-cache.ts';
import type { AppDeps } from '../deps.ts';

type Deps = Pick<AppDeps, 'db' | 'cache'>;

// Sorted here, not in SQL: the database's collation differs between PGlite and
// servers (C puts "Åland Islands" after "Zimbabwe"); people expect English order.
const byEnglishName = new Intl.Collator('en');

/** The countries table in English order, from memory while it has not changed. */
export function countryList(deps: Deps): Promise<Reference<Country[]>> {
  return readReference(deps.cache, 'countries', ['countries'], async () =>
    (await deps.db.select().from(countries))
      .map((row) => ({ code: row.code, name_en: row.nameEn, name_ru: row.nameRu }))
      .sort((a, b) => byEnglishName.compare(a.name_en, b.name_en)),
  );
}

/** Whether a country code is one of the list (a profile's, a payer's): from memory. */
export async function isListedCountry(deps: Deps, code: string): Promise<boolean> {
  return (await countryList(deps)).value.some((country) => country.code === code);
}
