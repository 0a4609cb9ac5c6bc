import { Hono } from 'hono';
import { asc } from 'drizzle-orm';
import * as v from 'valibot';
import { Locale, type Country } from '../../contract/countries.ts';
import { countries } from '../db/schema.ts';
import { visitorCountry } from '../geo.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { parseInput } from '../http/validate.ts';

const CurrentParams = v.object({ lang: Locale });

/** Mounted at /api/v1/countries/ */
export function countriesRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', async (c) => {
    const rows = await deps.db.select().from(countries).orderBy(asc(countries.nameEn));
    const list: Country[] = rows.map((row) => ({ code: row.code, name_en: row.nameEn, name_ru: row.nameRu }));
    return c.json(list);
  });

  router.get('/current/:lang', async (c) => {
    const { lang } = parseInput(CurrentParams, { lang: c.req.param('lang') });
    return c.json(await visitorCountry(c, deps, lang));
  });

  return router;
}
