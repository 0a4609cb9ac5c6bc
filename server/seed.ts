import { eq, sql } from 'drizzle-orm';
import { hashPassword } from './identity/passwords.ts';
import type { Config } from './config.ts';
import { loadReleases } from './software/releases.ts';
import { seedWebgisLocations } from './webgis/locations.ts';
import type { Database } from './db/client.ts';
import { countries, planPrices, plans, promoCodes, users } from './db/schema.ts';

/*
 * Runs at every start. Inserts only what is missing and never overwrites, so data
 * that admins edit in the database (names, prices) survives restarts.
 */

// ICU knows region codes that are not ISO 3166-1 alpha-2 countries: reserved ones
// (AC CP CQ DG EA IC TA), groupings (EU EZ QO UN), pseudo and unknown regions
// (XA XB ZZ), Kosovo's user-assigned XK, and withdrawn codes kept as aliases.
const NOT_ISO = new Set(
  'AC CP CQ DG EA IC TA EU EZ QO UN XA XB ZZ XK AN BU CS DD DY FX HV NH RH SU TP UK VD YD YU ZR'.split(
    ' ',
  ),
);

/** All 249 ISO 3166-1 alpha-2 codes with English and Russian names from ICU. */
export function isoCountries(): { code: string; nameEn: string; nameRu: string }[] {
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const ru = new Intl.DisplayNames(['ru'], { type: 'region', fallback: 'none' });
  const list = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const nameEn = en.of(code);
      const nameRu = ru.of(code);
      if (NOT_ISO.has(code) || nameEn === undefined || nameRu === undefined) continue;
      list.push({ code, nameEn, nameRu });
    }
  }
  return list;
}

type Row = [monthly: number, yearly: number, yearlyDiscounted: number | null];

// Whole currency units. Premium's yearly price is 20% off twelve months, which the
// SPA shows as its annual discount.
export const PRICE_TABLE = {
  free: { name: 'Free', rub: [0, 0, null], usd: [0, 0, null], eur: [0, 0, null] },
  mini: { name: 'Mini', rub: [790, 7900, null], usd: [10, 100, null], eur: [9, 90, null] },
  premium: { name: 'Premium', rub: [2500, 30000, 24000], usd: [30, 360, 288], eur: [25, 300, 240] },
} as const satisfies Record<string, { name: string; rub: Row; usd: Row; eur: Row }>;

export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@example.com',
  password: 'Demo-pass-1',
} as const;

async function seedPlans(db: Database): Promise<void> {
  const ids = ['free', 'mini', 'premium'] as const;
  await db
    .insert(plans)
    .values(ids.map((id, index) => ({ id, name: PRICE_TABLE[id].name, sortOrder: index })))
    .onConflictDoNothing();
  const prices = ids.flatMap((planId) =>
    (['rub', 'usd', 'eur'] as const).flatMap((currency): (typeof planPrices.$inferInsert)[] => {
      const [monthly, yearly, discounted] = PRICE_TABLE[planId][currency];
      return [
        { planId, currency, interval: 'monthly', amount: monthly, discountedAmount: null },
        { planId, currency, interval: 'yearly', amount: yearly, discountedAmount: discounted },
      ];
    }),
  );
  await db.insert(planPrices).values(prices).onConflictDoNothing();
}

/** Demo promo codes, one per status the SPA shows (section 8). */
export const PROMO_CODES = [
  { code: 'WELCOME10', percent: 10 },
  { code: 'EXPIRED', percent: 20, validUntil: new Date('2020-01-01T00:00:00Z') },
  { code: 'USEDUP', percent: 15, maxRedemptions: 1, redemptions: 1 },
  // Below premium's monthly price in every currency, above mini's.
  { code: 'SMALL5', percent: 5, maxPrice: { rub: 1000, usd: 15, eur: 15 } },
  // Two redemptions: enough to watch a limit hold against a third payer.
  { code: 'TWICE', percent: 10, maxRedemptions: 2 },
];

async function seedDemoAccount(db: Database): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO_ACCOUNT.username}`)
    .limit(1);
  if (existing) return;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email));
  if (taken) return;
  await db
    .insert(users)
    .values({
      username: DEMO_ACCOUNT.username,
      email: DEMO_ACCOUNT.email,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      firstName: 'Demo',
      lastName: 'User',
      country: 'RU',
      emailConfirmedAt: new Date(),
    })
    .onConflictDoNothing();
}

export async function seed(
  db: Database,
  config: Pick<Config, 'nodeEnv'> & Partial<Pick<Config, 'releasesDir'>>,
): Promise<void> {
  await db.insert(countries).values(isoCountries()).onConflictDoNothing();
  await seedPlans(db);
  await db.insert(promoCodes).values(PROMO_CODES).onConflictDoNothing();
  await seedWebgisLocations(db, config);
  // A known password is a convenience for local use and a hole anywhere else.
  if (config.nodeEnv === 'development') await seedDemoAccount(db);
  // Unlike the rest, releases follow RELEASES_DIR's manifest: an operator replaces it.
  if (config.releasesDir !== undefined) await loadReleases(db, config.releasesDir);
}
