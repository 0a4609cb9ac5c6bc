import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { verifyPassword } from '../../server/identity/passwords.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { countries, planPrices, plans, users } from '../../server/db/schema.ts';
import { DEMO_ACCOUNT, seed } from '../../server/seed.ts';
import { createTestDatabase } from './harness.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const premiumYearlyUsd = and(
  eq(planPrices.planId, 'premium'),
  eq(planPrices.interval, 'yearly'),
  eq(planPrices.currency, 'usd'),
);

describe('seed', () => {
  it('in production mode: countries and plans, but no demo account', async () => {
    await seed(handle.db, { nodeEnv: 'production' });
    expect(await handle.db.$count(countries)).toBe(249);
    expect(await handle.db.select().from(plans).orderBy(plans.sortOrder)).toEqual([
      { id: 'free', name: 'Free', sortOrder: 0 },
      { id: 'mini', name: 'Mini', sortOrder: 1 },
      { id: 'premium', name: 'Premium', sortOrder: 2 },
    ]);
    expect(await handle.db.$count(planPrices)).toBe(18);
    expect(await handle.db.$count(users)).toBe(0);
  });

  it('prices free at 0 and premium yearly 20% below twelve months', async () => {
    const rows = await handle.db.select().from(planPrices);
    expect(rows.filter((row) => row.planId === 'free').every((row) => row.amount === 0)).toBe(true);
    for (const currency of ['rub', 'usd', 'eur']) {
      const monthly = rows.find(
        (r) => r.planId === 'premium' && r.currency === currency && r.interval === 'monthly',
      );
      const yearly = rows.find(
        (r) => r.planId === 'premium' && r.currency === currency && r.interval === 'yearly',
      );
      expect(yearly?.discountedAmount).toBe(((monthly?.amount ?? 0) * 12 * 80) / 100);
      expect(yearly?.amount).toBe((monthly?.amount ?? 0) * 12);
    }
  });

  it('in development mode adds the confirmed demo account, once', async () => {
    await seed(handle.db, { nodeEnv: 'development' });
    await seed(handle.db, { nodeEnv: 'development' });
    const demo = await handle.db
      .select()
      .from(users)
      .where(eq(users.username, DEMO_ACCOUNT.username));
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({
      email: 'demo@example.com',
      firstName: 'Demo',
      lastName: 'User',
    });
    expect(demo[0]?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(DEMO_ACCOUNT.password, demo[0]?.passwordHash ?? '')).toBe(true);
  });

  it('is idempotent and keeps what admins edited', async () => {
    await handle.db
      .update(planPrices)
      .set({ amount: 999, discountedAmount: 777 })
      .where(premiumYearlyUsd);
    await handle.db
      .update(countries)
      .set({ nameEn: 'Russian Federation' })
      .where(eq(countries.code, 'RU'));
    await handle.db
      .delete(planPrices)
      .where(and(eq(planPrices.planId, 'mini'), eq(planPrices.currency, 'eur')));
    await seed(handle.db, { nodeEnv: 'development' });
    const [edited] = await handle.db.select().from(planPrices).where(premiumYearlyUsd);
    expect(edited).toMatchObject({ amount: 999, discountedAmount: 777 });
    const [ru] = await handle.db.select().from(countries).where(eq(countries.code, 'RU'));
    expect(ru?.nameEn).toBe('Russian Federation');
    // Missing rows come back; nothing is duplicated.
    expect(await handle.db.$count(planPrices)).toBe(18);
    expect(await handle.db.$count(countries)).toBe(249);
    expect(await handle.db.$count(users)).toBe(1);
  });
});
