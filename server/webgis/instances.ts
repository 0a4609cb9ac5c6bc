import { asc, eq } from 'drizzle-orm';
import type { Webgis, WebgisLocation } from '../../contract/webgis.ts';
import type { PlanId } from '../../contract/profile.ts';
import type { Database } from '../db/client.ts';
import {
  webgisInstances,
  webgisLocations,
  type WebgisInstance,
  type WebgisLocationRow,
} from '../db/schema.ts';
import type { Provisioner } from './provisioner.ts';
import type { AppDeps } from '../deps.ts';
import { readReference } from '../db/reference-cache.ts';

/** The user's instance, if any (one per user). */
export async function instanceOf(db: Database, userId: number): Promise<WebgisInstance | null> {
  const [row] = await db.select().from(webgisInstances).where(eq(webgisInstances.userId, userId));
  return row ?? null;
}

/**
 * Section 7's answer, with the data center the instance runs in (its row exists: the
 * location is a foreign key); state, transition and language are typed by their
 * columns, which the database's checks keep in their lists.
 */
export async function toWebgis(
  db: Database,
  instance: WebgisInstance,
  plan: PlanId,
): Promise<Webgis> {
  const [location] = await db
    .select()
    .from(webgisLocations)
    .where(eq(webgisLocations.id, instance.locationId));
  if (!location) throw new Error(`web GIS ${instance.id} has no location ${instance.locationId}`);
  return webgisAnswer(instance, plan, location);
}

/** The Webgis answer of an instance, its effective plan and its location row. */
export function webgisAnswer(
  instance: WebgisInstance,
  plan: PlanId,
  location: WebgisLocationRow,
): Webgis {
  return {
    url: instance.url,
    url_oauth: instance.urlOauth,
    state: instance.state,
    state_transition: instance.stateTransition,
    plan,
    language: instance.language,
    location: toLocation(location),
    created_at: instance.createdAt.toISOString(),
  };
}

/** Every location row, from memory while the table has not changed (docs/decisions/0031). */
export async function allLocations(
  deps: Pick<AppDeps, 'db' | 'cache'>,
): Promise<readonly WebgisLocationRow[]> {
  const kept = await readReference(deps.cache, 'webgis_locations:all', ['webgis_locations'], () =>
    deps.db.select().from(webgisLocations).orderBy(asc(webgisLocations.position)),
  );
  return kept.value;
}

/** The data centers a user may choose, in their seeded order. */
export async function offeredLocations(
  db: Database,
  provisioner: Provisioner | null,
): Promise<WebgisLocationRow[]> {
  const rows = await db.select().from(webgisLocations).orderBy(asc(webgisLocations.position));
  return rows.filter((row) => (provisioner ? provisioner.offers(row) : row.sandbox === null));
}

export function toLocation(row: WebgisLocationRow): WebgisLocation {
  return { id: row.id, display_name: { en: row.nameEn, ru: row.nameRu } };
}
