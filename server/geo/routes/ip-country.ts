import { Hono } from 'hono';
import { IpCountryRequest } from '../../../contract/countries.ts';
import { visitorCountry } from './visitor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../http/validate.ts';

/** Mounted at /api/v1/ip_country/ */
export function ipCountryRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/', async (c) => {
    const { lang } = parseInput(IpCountryRequest, await readBody(c, 'json'));
    const { code } = await visitorCountry(c, deps, lang);
    return c.json({ code });
  });

  return router;
}
