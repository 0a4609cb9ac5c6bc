import { rm } from 'node:fs/promises';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from '../../server/billing/subscription.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { checkouts, payments, planPrices, plans, users } from '../../server/db/schema.ts';
import { createTestDatabase } from './harness.ts';
import { migrateWith, migrationsBefore } from './migrations.ts';

const PAYMENTS = '0020_payments';

describe(`migration ${PAYMENTS}, from the schema before it`, () => {
  let handle: DatabaseHandle;
  let previous: string;
  beforeAll(async () => {
    handle = await createTestDatabase({ migrated: false });
    previous = await migrationsBefore(PAYMENTS);
    await migrateWith(handle, previous);
  });
  afterAll(async () => {
    await handle.close();
    await rm(previous, { recursive: true, force: true });
  });

  it('keeps each settled checkout as a payment: paid with its period and discount, failed', async () => {
    const { db } = handle;
    const [user] = await db
      .insert(users)
      .values({ username: 'backfilled', email: 'backfilled@example.com' })
      .returning({ id: users.id });
    const userId = user?.id ?? 0;
    await db.insert(plans).values({ id: 'mini', name: 'Mini', sortOrder: 1 });
    await db
      .insert(planPrices)
      .values({ planId: 'mini', interval: 'monthly', currency: 'usd', amount: 10 });
    const at = (day: number) => new Date(`2026-01-${String(day).padStart(2, '0')}T10:00:00Z`);
    const checkout = (id: string, fields: Partial<typeof checkouts.$inferInsert>) => ({
      id,
      userId,
      kind: 'create' as const,
      provider: 'stripe' as const,
      status: 'paid' as const,
      plan: 'mini' as const,
      interval: 'monthly' as const,
      amount: 10,
      currency: 'usd' as const,
      createdAt: at(1),
      ...fields,
    });
    await db.insert(checkouts).values([
      checkout('co_a_paid', {
        coupon: 'SAVE20',
        amount: 8,
        additionalDays: 3,
        createdAt: at(30),
        settledAt: at(31),
      }),
      checkout('co_b_failed', { status: 'failed', settledAt: at(2), error: 'declined' }),
      checkout('co_c_expired', { status: 'expired', settledAt: at(3) }),
      checkout('co_d_canceled', { status: 'canceled', settledAt: at(4) }),
      checkout('co_e_yearly', {
        kind: 'renewal',
        interval: 'yearly',
        amount: 100,
        settledAt: at(5),
      }),
    ]);

    await handle.migrate();

    const rows = await db.select().from(payments).orderBy(asc(payments.checkoutId));
    expect(rows).toEqual([
      {
        checkoutId: 'co_a_paid',
        userId,
        status: 'paid',
        provider: 'stripe',
        plan: 'mini',
        interval: 'monthly',
        amount: 8,
        currency: 'usd',
        discount: 2,
        coupon: 'SAVE20',
        periodStart: at(31),
        periodEnd: addPeriod(at(31), 'monthly', 3),
        createdAt: at(31),
      },
      expect.objectContaining({
        checkoutId: 'co_b_failed',
        status: 'failed',
        discount: 0,
        periodStart: null,
        periodEnd: null,
        createdAt: at(2),
      }),
      // A renewal without a promo code: no discount.
      expect.objectContaining({
        checkoutId: 'co_e_yearly',
        status: 'paid',
        interval: 'yearly',
        discount: 0,
        periodStart: at(5),
        periodEnd: addPeriod(at(5), 'yearly'),
      }),
    ]);
  });
});
