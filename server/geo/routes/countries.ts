import { Hono } from 'hono';
import * as v from 'valibot';
import { Locale, type Country } from '../../../contract/countries.ts';
import { countries } from '../../db/schema.ts';
import { visitorCountry } from './visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';

const CurrentParams = v.object({ lang: Locale });
// Sorted here, not in SQL: the database's collation differs between PGlite and
// servers (C puts "Åland Islands" after "Zimbabwe"); people expect English order.
const byEnglishName = new Intl.Collator('en');

/** Mounted at /api/v1/countries/ */
export function countriesRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', async (c) => {
    const rows = await deps.db.select().from(countries);
    const list: Country[] = rows
      .map((row) => ({ code: row.code, name_en: row.nameEn, name_ru: row.nameRu }))
      .sort((a, b) => byEnglishName.compare(a.name_en, b.name_en));
    return c.json(list);
  });

  router.get('/current/:lang', async (c) => {
    const { lang } = parseInput(CurrentParams, { lang: c.req.param('lang') });
    return c.json(await visitorCountry(c, deps, lang));
  });

  return router;
}
