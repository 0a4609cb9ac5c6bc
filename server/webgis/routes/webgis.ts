import { Hono } from 'hono';
import * as v from 'valibot';
import { Locale } from '../../../contract/countries.ts';
import { LocationId, type WebgisErrorCode } from '../../../contract/webgis.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { userRead } from '../../user-reads.ts';
import { parseInput } from '../../http/validate.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';
import { effectivePlan } from '../../teams/effective-plan.ts';
import { createWebgis, type CreateRefusal } from '../create.ts';
import {
  allLocations,
  instanceOf,
  offeredLocations,
  toLocation,
  toWebgis,
  webgisAnswer,
} from '../instances.ts';
import { planFacts } from '../../plan-facts.ts';
import { webgisProvisioner } from '../registry.ts';
import { Refused, type RefusalKind, notFound } from '../../errors.ts';
import { readReference } from '../../db/reference-cache.ts';
import { referenceAnswer } from '../../http/reference.ts';

/**
 * The body's shape; the domain rule is the command's, so that its refusal carries
 * section 5's own code (`domain`) at the field.
 */
export const CreateBody = v.object({
  subdomain_name: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(255)),
  language: Locale,
  location_id: LocationId,
});

/** Words for API users; the SPA shows its own per code. */
const REFUSALS: Record<WebgisErrorCode, { kind: RefusalKind; detail: string }> = {
  domain: {
    kind: 'invalid',
    detail:
      'Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed',
  },
  subdomain_taken: { kind: 'invalid', detail: 'This domain name is already taken' },
  location_not_found: {
    kind: 'invalid',
    detail: 'This data center is not available. Choose another one',
  },
  webgis_exists: { kind: 'conflict', detail: 'You already have a Web GIS' },
  webgis_unavailable: { kind: 'unavailable', detail: 'Web GIS creation is not available now' },
};

/** A refusal in the section-8 list shape, at its field (an empty pointer for none). */
function refusalError(refusal: CreateRefusal): Refused {
  const { kind, detail } = REFUSALS[refusal.code];
  return new Refused({
    kind,
    errors: [{ code: refusal.code, detail, source: { pointer: refusal.field ?? '' } }],
  });
}

/** GET /api/v1/webgis/my/: the user's web GIS; 404 without one. */
export const webgisRead: Read = async (deps, { user }) => {
  const instance = await userRead(deps, user.id, 'webgis', () => instanceOf(deps.db, user.id));
  if (!instance) throw notFound();
  // The plan facts and the locations from memory while nothing changed (0210, 0031).
  const [facts, locations] = await Promise.all([
    planFacts(deps, user.id, deps.clock.now()),
    allLocations(deps),
  ]);
  const effective = facts.team ?? facts.plan;
  const location = locations.find((row) => row.id === instance.locationId);
  if (!location) return toWebgis(deps.db, instance, effective);
  return webgisAnswer(instance, effective, location);
};

/** Mounted at /api/v1/webgis/ */
export function webgisRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/refs/', (c) => {
    requireUser(c);
    return c.json({ domain: deps.config.webgis.domain });
  });

  // The same for every user: kept in memory, revalidated by its ETag (docs/decisions/0031).
  router.get('/cluster/locations/', async (c) => {
    requireUser(c);
    const list = await readReference(
      deps.cache,
      'webgis_locations',
      ['webgis_locations'],
      async () => (await offeredLocations(deps.db, webgisProvisioner(deps.config))).map(toLocation),
    );
    return referenceAnswer(c, list, { personal: true });
  });

  router.post('/', async (c) => {
    const user = requireUser(c);
    const request = parseInput(CreateBody, await readBody(c, 'json'));
    const result = await createWebgis(deps, user, request);
    if (!result.ok) throw refusalError(result.refusal);
    const { effective } = await effectivePlan(deps.db, user.id, deps.clock.now());
    return c.json(await toWebgis(deps.db, result.instance, effective), 201);
  });

  router.get('/my/', readRoute(deps, webgisRead));

  return router;
}
