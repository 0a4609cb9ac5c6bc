import type { Database } from '../db/client.ts';
import { instanceOf } from './instances.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The user's instance as the personal-data export gives it, or null. */
export async function webgisData(db: Database, userId: number) {
  const instance = await instanceOf(db, userId);
  if (!instance) return null;
  return {
    subdomain: instance.subdomain,
    url: instance.url,
    url_oauth: instance.urlOauth,
    location_id: instance.locationId,
    language: instance.language,
    state: instance.state,
    state_transition: instance.stateTransition,
    usage: {
      storage_bytes: instance.storageBytes,
      maps_and_layers: instance.mapsAndLayers,
      private_resources: instance.privateResources,
    },
    ready_mailed_at: iso(instance.readyMailedAt),
    created_at: iso(instance.createdAt),
    updated_at: iso(instance.updatedAt),
  };
}
