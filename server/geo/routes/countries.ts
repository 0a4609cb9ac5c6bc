import { Hono } from 'hono';
import * as v from 'valibot';
import { Locale } from '../../../contract/countries.ts';
import { countryList } from '../countries.ts';
import { visitorCountry } from './visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';
import { referenceAnswer } from '../../http/reference.ts';

const CurrentParams = v.object({ lang: Locale });

/** Mounted at /api/v1/countries/ */
export function countriesRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  // The same for everyone: kept in memory, revalidated by its ETag (docs/decisions/0031).
  router.get('/', async (c) => referenceAnswer(c, await countryList(deps), { personal: false }));

  router.get('/current/:lang', async (c) => {
    const { lang } = parseInput(CurrentParams, { lang: c.req.param('lang') });
    return c.json(await visitorCountry(c, deps, lang));
  });

  return router;
}
