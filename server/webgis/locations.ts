import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { webgisLocations } from '../db/schema.ts';

/** The data centers on offer; names are data an admin may edit (seeding never overwrites). */
export const LOCATIONS = [
  { id: 'eu-central', nameEn: 'Europe (Frankfurt)', nameRu: 'Европа (Франкфурт)' },
  { id: 'ru-central', nameEn: 'Russia (Moscow)', nameRu: 'Россия (Москва)' },
  { id: 'us-east', nameEn: 'North America (Virginia)', nameRu: 'Северная Америка (Вирджиния)' },
] as const;

/** Outside production: places where the sandbox provisioner fails or overruns the poll. */
export const SANDBOX_LOCATIONS = [
  {
    id: 'sandbox-fail',
    nameEn: 'Sandbox: creation fails',
    nameRu: 'Песочница: создание не удаётся',
    sandbox: 'fail',
  },
  {
    id: 'sandbox-overrun',
    nameEn: 'Sandbox: takes longer than a minute',
    nameRu: 'Песочница: дольше минуты',
    sandbox: 'overrun',
  },
] as const;

export async function seedWebgisLocations(
  db: Database,
  config: Pick<Config, 'nodeEnv'>,
): Promise<void> {
  const rows = [...LOCATIONS, ...(config.nodeEnv === 'production' ? [] : SANDBOX_LOCATIONS)].map(
    (location, position) => ({ ...location, position }),
  );
  await db.insert(webgisLocations).values(rows).onConflictDoNothing();
}
