import { rm } from 'node:fs/promises';
import { eq, sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import {
  autopayments,
  checkouts,
  invoiceRequests,
  planPrices,
  plans,
  subscriptions,
  users,
  webgisInstances,
  webgisLocations,
  webhookEvents,
} from '../../server/db/schema.ts';
import { createTestDatabase } from './harness.ts';
import { insertGiven, migrateWith, migrationsBefore } from './migrations.ts';

/*
 * Decision 0027: the columns that hold one of a list are typed with it, and the
 * database refuses any other value, so what billing reads needs no cast.
 */

/** The constraint a statement broke (drizzle wraps the driver's error), or null when it ran. */
async function brokenConstraint(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (error) {
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      if ('constraint' in cause && typeof cause.constraint === 'string') return cause.constraint;
    }
    throw error;
  }
}

let userCount = 0;
async function newUser(db: Database): Promise<number> {
  userCount += 1;
  const [user] = await db
    .insert(users)
    .values({ username: `typed${userCount}`, email: `typed${userCount}@example.com` })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return user.id;
}

/** One row in every table with a typed column, each value from its list. */
async function writeRows(db: Database, now: Date) {
  const userId = await newUser(db);
  // What the rows below refer to: a plan with its price, a web GIS location.
  await db.insert(plans).values({ id: 'premium', name: 'Premium', sortOrder: 2 });
  await db
    .insert(planPrices)
    .values({ planId: 'premium', interval: 'yearly', currency: 'eur', amount: 300 });
  await db
    .insert(webgisLocations)
    .values({ id: 'eu', nameEn: 'Europe', nameRu: 'Европа', position: 1 });
  await db.insert(subscriptions).values({
    userId,
    plan: 'premium',
    interval: 'yearly',
    price: 300,
    currency: 'eur',
    expireAt: now,
    updatedAt: now,
  });
  // Named columns only: the rows go into the schema before 0016 too.
  await insertGiven(db, autopayments, [
    {
      userId,
      provider: 'yookassa',
      status: 'canceled',
      plan: 'premium',
      interval: 'yearly',
      userData: { first_name: 'Ann' },
      options: { return_url: '/ru/subscription' },
      updatedAt: now,
    },
  ]);
  const checkout = {
    userId,
    provider: 'yookassa',
    plan: 'premium',
    interval: 'yearly',
    amount: 300,
    currency: 'eur',
    createdAt: now,
  } as const;
  await insertGiven(db, checkouts, [
    { ...checkout, id: 'co_paid', kind: 'create', status: 'paid', settledAt: now },
    { ...checkout, id: 'co_expired', kind: 'renewal', status: 'expired', settledAt: now },
    { ...checkout, id: 'co_pending', kind: 'change', status: 'pending' },
  ]);
  await db.insert(webhookEvents).values({ provider: 'stripe', eventId: 'evt_1', receivedAt: now });
  await db.insert(invoiceRequests).values({
    userId,
    plan: 'mini',
    annualPayment: true,
    amount: 7900,
    currency: 'rub',
    companyName: 'Acme',
    contactPerson: 'Ann Lee',
    contactEmail: 'ann@example.com',
    contactPhone: '+7 900 000 00 00',
    registrationNumber: '',
    taxNumber: '',
    companyAddress: '',
    bankDetails: '',
    createdAt: now,
  });
  await db.insert(webgisInstances).values({
    userId,
    subdomain: 'typed',
    locationId: 'eu',
    language: 'ru',
    state: 'started',
    url: 'https://typed.example.com',
    urlOauth: 'https://typed.example.com/oauth',
    checkedPlan: 'premium',
  });
  return userId;
}

/**
 * Every row of the tables with typed columns, in a fixed order, by `select *`: the
 * columns as the database has them, so rows read before a later migration compare with
 * the same rows after it (which may have gained columns: compared with toMatchObject).
 */
async function readRows(db: Database) {
  const rows = async (table: string, order: string) => {
    const result = (await db.execute(
      sql`select * from ${sql.identifier(table)} order by ${sql.raw(order)}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
  return {
    plans: await rows('plans', 'id'),
    planPrices: await rows('plan_prices', 'plan_id, interval, currency'),
    subscriptions: await rows('subscriptions', 'user_id'),
    autopayments: await rows('autopayments', 'user_id'),
    checkouts: await rows('checkouts', 'id'),
    webhookEvents: await rows('webhook_events', 'event_id'),
    invoiceRequests: await rows('invoice_requests', 'id'),
    webgisInstances: await rows('webgis_instances', 'id'),
  };
}

describe('a column that holds one of a list', () => {
  let handle: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    handle = await createTestDatabase();
    userId = await writeRows(handle.db, new Date());
  });
  afterAll(() => handle.close());

  it('refuses a plan outside the list when a subscription is written', async () => {
    const other = await newUser(handle.db);
    // @ts-expect-error -- gold is no plan: the column's type refuses it, as the database does
    const gold = handle.db.insert(subscriptions).values({
      userId: other,
      plan: 'gold',
      interval: 'monthly',
      price: 10,
      currency: 'usd',
      updatedAt: new Date(),
    });
    expect(await brokenConstraint(gold)).toBe('subscriptions_plan_known');
    expect(
      await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, other)),
    ).toEqual([]);
  });

  type Where = (userId: number) => SQL;
  const byUser: Where = (id) => sql`user_id = ${id}`;
  const premium: Where = () => sql`plan_id = 'premium'`;
  const paid: Where = () => sql`id = 'co_paid'`;
  const cases: [table: string, column: string, where: Where, constraint: string][] = [
    ['plans', 'id', () => sql`id = 'premium'`, 'plans_id_known'],
    ['plan_prices', 'interval', premium, 'plan_prices_interval_known'],
    ['plan_prices', 'currency', premium, 'plan_prices_currency_known'],
    ['subscriptions', 'plan', byUser, 'subscriptions_plan_known'],
    ['subscriptions', 'interval', byUser, 'subscriptions_interval_known'],
    ['subscriptions', 'currency', byUser, 'subscriptions_currency_known'],
    ['autopayments', 'provider', byUser, 'autopayments_provider_known'],
    ['autopayments', 'status', byUser, 'autopayments_status_known'],
    ['autopayments', 'plan', byUser, 'autopayments_plan_known'],
    ['autopayments', 'interval', byUser, 'autopayments_interval_known'],
    ['checkouts', 'kind', paid, 'checkouts_kind_known'],
    ['checkouts', 'provider', paid, 'checkouts_provider_known'],
    ['checkouts', 'status', paid, 'checkouts_status_known'],
    ['checkouts', 'plan', paid, 'checkouts_plan_known'],
    ['checkouts', 'interval', paid, 'checkouts_interval_known'],
    ['checkouts', 'currency', paid, 'checkouts_currency_known'],
    ['webhook_events', 'provider', () => sql`event_id = 'evt_1'`, 'webhook_events_provider_known'],
    ['invoice_requests', 'plan', byUser, 'invoice_requests_plan_known'],
    ['invoice_requests', 'currency', byUser, 'invoice_requests_currency_known'],
    ['webgis_instances', 'state', byUser, 'webgis_instances_state_known'],
    ['webgis_instances', 'state_transition', byUser, 'webgis_instances_transition_known'],
    ['webgis_instances', 'language', byUser, 'webgis_instances_language_known'],
    ['webgis_instances', 'checked_plan', byUser, 'webgis_instances_checked_plan_known'],
  ];

  it.each(cases)('%s.%s refuses a value outside it', async (table, column, where, constraint) => {
    const before = await readRows(handle.db);
    const update = handle.db.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = 'gold' where ${where(userId)}`,
    );
    expect(await brokenConstraint(update)).toBe(constraint);
    expect(await readRows(handle.db)).toEqual(before);
  });
});

const TYPED_COLUMNS = '0016_typed_columns';

describe(`migration ${TYPED_COLUMNS}, from the schema before it`, () => {
  let handle: DatabaseHandle;
  let previous: string;
  beforeAll(async () => {
    handle = await createTestDatabase({ migrated: false });
    previous = await migrationsBefore(TYPED_COLUMNS);
    await migrateWith(handle, previous);
  });
  afterAll(async () => {
    await handle.close();
    await rm(previous, { recursive: true, force: true });
  });

  /** The migrations the runner recorded as applied. */
  const applied = () =>
    handle.db
      .select({ hash: sql<string>`hash` })
      .from(sql`drizzle.__drizzle_migrations`)
      .orderBy(sql`id`);
  /** The names of the database's "known value" checks. */
  const constraints = async () =>
    (
      await handle.db
        .select({ name: sql<string>`conname` })
        .from(sql`pg_constraint`)
        .where(sql`conname like '%known'`)
        .orderBy(sql`conname`)
    ).map((row) => row.name);

  it('keeps every row, and stops at a row outside its list without changing it', async () => {
    const userId = await writeRows(handle.db, new Date('2026-01-02T03:04:05Z'));
    // Before the migration nothing kept a subscription's plan in its list.
    const other = await newUser(handle.db);
    await handle.db.execute(
      sql`insert into subscriptions (user_id, plan, interval, price, currency, updated_at)
          values (${other}, 'gold', 'monthly', 10, 'usd', now())`,
    );
    const before = await readRows(handle.db);
    const appliedBefore = await applied();
    expect(appliedBefore).toHaveLength(readMigrationFiles({ migrationsFolder: previous }).length);
    const constraintsBefore = await constraints();
    expect(constraintsBefore).not.toContain('subscriptions_plan_known');

    // The server's own runner: all pending migrations in one transaction.
    expect(await brokenConstraint(handle.migrate())).toBe('subscriptions_plan_known');
    expect(await readRows(handle.db)).toEqual(before);
    expect(await applied()).toEqual(appliedBefore);
    expect(await constraints()).toEqual(constraintsBefore);

    // The operator puts the row into its list; the migration then goes through.
    await handle.db
      .update(subscriptions)
      .set({ plan: 'premium' })
      .where(eq(subscriptions.userId, other));
    const fixed = await readRows(handle.db);
    await handle.migrate();
    expect(await applied()).toHaveLength(readMigrationFiles({ migrationsFolder }).length);
    // Every row kept, with every value it had; later migrations may add columns.
    expect(await readRows(handle.db)).toMatchObject(fixed);
    expect(fixed.subscriptions.map((row) => row.user_id)).toEqual([userId, other]);
    expect(fixed.checkouts).toHaveLength(3);
    expect(await constraints()).toEqual(
      expect.arrayContaining(['subscriptions_plan_known', 'webgis_instances_checked_plan_known']),
    );
    // And now it refuses what it took before.
    const gold = handle.db.execute(
      sql`update subscriptions set plan = 'gold' where user_id = ${other}`,
    );
    expect(await brokenConstraint(gold)).toBe('subscriptions_plan_known');
  });
});
