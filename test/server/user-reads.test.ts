import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCheckoutId } from '../../server/billing/ids.ts';
import {
  checkouts,
  invoiceRequests,
  onpremiseBindings,
  securityEvents,
  sessions,
  socialAccounts,
  subscriptions,
  webgisInstances,
} from '../../server/db/schema.ts';
import { WEBGIS_PROVISION_QUEUE } from '../../server/webgis/provision.ts';
import { setPlan, signedIn } from './billing.ts';
import { DAY, useTestServer, type TestServer } from './harness.ts';
import { statementCounter } from './statements.ts';

/*
 * The reads of a user's own rows from memory (server/user-reads.ts): each is served
 * without a statement while warm, and a change to its rows made by any code path or
 * process (here straight in the database) is in the next read, because the table's
 * trigger names the user at commit (migration 0029). With the trigger off the read
 * stays as it was: the trigger alone keeps it right.
 */
const server = useTestServer({ env: { WEBGIS_PROVISION_SECONDS: '0' } });

type Change = {
  path: string;
  trigger: string;
  table: string;
  change: (userId: number) => Promise<unknown>;
};

const db = () => server().db;
let linked = 0;
const reads: [string, Change][] = [
  [
    'the security log',
    {
      path: '/api/v1/security/events/',
      table: 'security_events',
      trigger: 'security_events_inserted',
      change: (userId) =>
        db().insert(securityEvents).values({ userId, kind: 'password_changed', method: null }),
    },
  ],
  [
    'the sessions list',
    {
      path: '/api/v1/sessions/',
      table: 'sessions',
      trigger: 'sessions_inserted',
      change: (userId) =>
        db()
          .insert(sessions)
          .values({
            tokenHash: randomBytes(32).toString('hex'),
            userId,
            expiresAt: new Date(server().clock.now().getTime() + DAY),
          }),
    },
  ],
  [
    'the payment history',
    {
      path: '/api/v1/payments/?page=1',
      table: 'invoice_requests',
      trigger: 'invoice_requests_changed',
      change: (userId) =>
        db().insert(invoiceRequests).values({
          userId,
          plan: 'premium',
          annualPayment: true,
          amount: 1000,
          currency: 'rub',
          companyName: 'Co',
          contactPerson: 'Ann',
          contactEmail: 'ann@example.com',
          contactPhone: '+7 900 000 00 00',
          registrationNumber: '1',
          taxNumber: '1',
          companyAddress: 'Moscow',
          bankDetails: 'Bank',
          createdAt: server().clock.now(),
        }),
    },
  ],
  [
    'the on-premise bindings',
    {
      path: '/api/v1/onpremise/bindings/',
      table: 'onpremise_bindings',
      trigger: 'onpremise_bindings_changed',
      change: (userId) =>
        db()
          .insert(onpremiseBindings)
          .values({ userId, identifier: randomBytes(8).toString('hex').toUpperCase() }),
    },
  ],
  [
    'the social links',
    {
      path: '/api/v1/profile/social/',
      table: 'social_accounts',
      trigger: 'social_accounts_changed',
      change: (userId) =>
        db()
          .insert(socialAccounts)
          .values({
            userId,
            provider: (linked += 1) === 1 ? 'github' : 'google',
            subject: randomBytes(8).toString('hex'),
            email: 'ann@example.com',
            linkedAt: server().clock.now(),
          }),
    },
  ],
  [
    'the subscription',
    {
      path: '/api/subscription/',
      table: 'subscriptions',
      trigger: 'subscriptions_changed',
      // A column plans are not read from: only this trigger tells of it.
      change: (userId) =>
        db()
          .update(subscriptions)
          .set({ canceledAt: server().clock.now() })
          .where(eq(subscriptions.userId, userId)),
    },
  ],
  [
    'the web GIS',
    {
      path: '/api/v1/webgis/my/',
      table: 'webgis_instances',
      trigger: 'webgis_instances_changed',
      change: (userId) =>
        db()
          .update(webgisInstances)
          .set({ state: 'disabled' })
          .where(eq(webgisInstances.userId, userId)),
    },
  ],
];

async function withTriggerOff(
  s: TestServer,
  table: string,
  trigger: string,
  write: () => Promise<unknown>,
) {
  const [t, name] = [sql.raw(`"${table}"`), sql.raw(`"${trigger}"`)];
  await s.db.execute(sql`alter table ${t} disable trigger ${name}`);
  try {
    await write();
  } finally {
    await s.db.execute(sql`alter table ${t} enable trigger ${name}`);
  }
}

describe("a user's own reads from memory", () => {
  it.each(reads)(
    '%s: none while warm; a change made anywhere is in the next read',
    async (_name, read) => {
      const s = server();
      const { user, client } = await signedIn(s);
      if (read.table === 'subscriptions') await setPlan(s, user.id, 'mini');
      if (read.table === 'webgis_instances') {
        const made = await client.postJson('/api/v1/webgis/', {
          subdomain_name: `own${Date.now()}`,
          language: 'en',
          location_id: 'eu-central',
        });
        expect(made.status).toBe(201);
        await s.jobs.drain([WEBGIS_PROVISION_QUEUE]);
      }
      await s.sessionCache.settle();
      const get = async () => {
        const answer = await client.get(read.path);
        expect(answer.status).toBe(200);
        return answer.text();
      };
      const before = await get();
      const counter = statementCounter(s.handle);
      try {
        const { result, statements } = await counter.count(get);
        expect(await result).toBe(before);
        expect(statements).toEqual([]);
      } finally {
        counter.restore();
      }

      // Written with the trigger off, nothing tells the cache: the read is as it was.
      await withTriggerOff(s, read.table, read.trigger, () => read.change(user.id));
      await s.sessionCache.settle();
      expect(await get()).toBe(before);

      // Written with it on: the next read has it.
      await read.change(user.id);
      await s.sessionCache.settle();
      expect(await get()).not.toBe(before);
    },
  );

  it("keeps one user's reads when another user's rows change", async () => {
    const s = server();
    const ann = await signedIn(s);
    const bob = await signedIn(s);
    await ann.client.get('/api/v1/security/events/');
    await s.db.insert(securityEvents).values({ userId: bob.user.id, kind: 'password_changed' });
    await s.sessionCache.settle();
    const counter = statementCounter(s.handle);
    try {
      const { statements } = await counter.count(() => ann.client.get('/api/v1/security/events/'));
      expect(statements).toEqual([]);
    } finally {
      counter.restore();
    }
  });

  it('lets a session that expires leave the list at its time, with no write', async () => {
    const s = server();
    const { user, client } = await signedIn(s);
    await s.db.insert(sessions).values({
      tokenHash: randomBytes(32).toString('hex'),
      userId: user.id,
      expiresAt: new Date(s.clock.now().getTime() + 60 * 1000),
    });
    await s.sessionCache.settle();
    const listed = async () =>
      ((await (await client.get('/api/v1/sessions/')).json()) as unknown[]).length;
    expect(await listed()).toBe(2);
    expect(await listed()).toBe(2);
    // Two minutes: too soon for this browser's own session to be marked seen again (a
    // write, which would tell the cache).
    s.clock.advance(2 * 60 * 1000);
    expect(await listed()).toBe(1);
  });

  it("forgets the open checkout the price read keeps at a change to the user's checkouts", async () => {
    const s = server();
    const { user, client } = await signedIn(s);
    const kept = () => s.sessionCache.getRead(user.id, 'open-checkout', s.clock.now());
    expect((await client.get('/api/v1/subscription/price/?plan=mini')).status).toBe(200);
    expect(kept()).toBeNull();
    const open = (id: string) =>
      s.db.insert(checkouts).values({
        id,
        userId: user.id,
        kind: 'create',
        provider: 'stripe',
        status: 'pending',
        plan: 'mini',
        interval: 'monthly',
        amount: 30,
        currency: 'usd',
        createdAt: s.clock.now(),
      });
    await withTriggerOff(s, 'checkouts', 'checkouts_changed', () => open(newCheckoutId()));
    await s.sessionCache.settle();
    expect(kept()).toBeNull();
    await s.db.update(checkouts).set({ status: 'expired' }).where(eq(checkouts.userId, user.id));
    await s.sessionCache.settle();
    expect(kept()).toBeUndefined();
  });
});
