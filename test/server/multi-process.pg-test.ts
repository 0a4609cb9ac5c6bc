import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SETTLEMENT_QUEUE } from '../../server/billing/sandbox-settlement.ts';
import { addPeriod } from '../../server/billing/subscription.ts';
import {
  checkouts,
  countries,
  subscriptions,
  users,
  webhookEvents,
} from '../../server/db/schema.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { checkoutRequest, decide, json } from './billing.ts';
import {
  childServers,
  childStore,
  eventually,
  httpClient,
  PASSWORD,
  withDatabase,
  type ChildServers,
  type ChildStore,
} from './child-servers.ts';
import { TEST_PASSWORD_COST } from './harness.ts';

/**
 * Two server processes on one PostgreSQL, as `npm run serve` twice behind a proxy
 * would run them (the same DATABASE_URL and SESSION_SECRET): 100 payers, half on each,
 * start a checkout and pay in the sandbox; both processes work the queue, and every
 * payment settles exactly once. PostgreSQL only (PGlite is one process's): the server
 * project takes *.pg-test.ts files only when DATABASE_URL is set.
 */

const PAYERS = 100;
const ENV = {
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  SANDBOX_SETTLE_SECONDS: '1',
};

let store: ChildStore;
let servers: ChildServers[] = [];

beforeAll(async () => {
  store = await childStore();
  servers = [childServers(store, ENV), childServers(store, ENV)];
  // Started together: migrations, seed and the queue's schema take turns by themselves.
  await Promise.all(servers.map((one) => one.start()));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((one) => one.stop()));
  await store.remove();
});

/** Confirmed accounts, made in the database: the sign-up round trip has tests of its own. */
async function makeAccounts(prefix = 'payer', count = PAYERS): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_COST);
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  await withDatabase(store, async ({ db }) => {
    await db.insert(users).values(
      names.map((username) => ({
        username,
        email: `${username}@example.com`,
        emailConfirmedAt: new Date(),
        passwordHash,
        firstName: 'Ann',
        lastName: 'Lee',
        country: 'GB',
      })),
    );
  });
  return names;
}

/** Sign-in, checkout and Pay, all on one of the two servers. */
async function pay(username: string, index: number): Promise<string> {
  const server = servers[index % 2] as ChildServers;
  const client = httpClient(server, `198.18.${Math.floor(index / 250)}.${index % 250}`);
  const login = await client.postForm('/api/auth/login/', { login: username, password: PASSWORD });
  expect(login.status).toBe(200);
  const start = await client.postJson('/api/autopayment/', checkoutRequest());
  expect(start.status).toBe(200);
  const id = /co_[\w-]+$/.exec((await json<{ redirect_url: string }>(start)).redirect_url)?.[0];
  expect((await decide(client, id ?? '', 'pay')).status).toBe(303);
  return id ?? '';
}

describe('two server processes on one PostgreSQL', () => {
  it('settle 100 sandbox payments, each exactly once', { timeout: 300_000 }, async () => {
    const names = await makeAccounts();
    const ids: string[] = [];
    // Ten payers at a time, alternating between the processes.
    for (let first = 0; first < names.length; first += 10) {
      const batch = names.slice(first, first + 10);
      ids.push(...(await Promise.all(batch.map((name, i) => pay(name, first + i)))));
    }
    expect(new Set(ids).size).toBe(PAYERS);
    await eventually(async () => {
      const paid = await withDatabase(store, ({ db }) =>
        db.$count(checkouts, eq(checkouts.status, 'paid')),
      );
      expect(paid).toBe(PAYERS);
    }, 180);
    await withDatabase(store, async ({ db }) => {
      const rows = await db
        .select({ checkout: checkouts, sub: subscriptions })
        .from(checkouts)
        .innerJoin(subscriptions, eq(subscriptions.userId, checkouts.userId));
      expect(rows).toHaveLength(PAYERS);
      for (const { checkout, sub } of rows) {
        expect(checkout.status).toBe('paid');
        // One period from the settlement: a second one would have moved expire_at.
        expect(sub.expireAt).toEqual(addPeriod(checkout.settledAt ?? new Date(0), 'monthly'));
      }
      expect(await db.$count(webhookEvents)).toBe(PAYERS);
      // Each settlement job ran once: completed, never retried or run again.
      const jobs = (await db.execute(
        sql`select state, retry_count from pgboss.job where name = ${SETTLEMENT_QUEUE}`,
      )) as unknown as { rows: { state: string; retry_count: number }[] };
      expect(jobs.rows).toHaveLength(PAYERS);
      expect(jobs.rows.every((job) => job.state === 'completed' && job.retry_count === 0)).toBe(
        true,
      );
    });
    // Each checkout's event was taken once, by one process or the other, and both worked.
    const taken = servers.map((one) => [
      ...one
        .output()
        .matchAll(
          /"checkout":"(co_[\w-]+)","event":"[^"]+","outcome":"(\w+)"[^\n]*"msg":"payment event"/g,
        ),
    ]);
    const all = taken.flat();
    expect(all).toHaveLength(PAYERS);
    expect(new Set(all.map((match) => match[1]))).toEqual(new Set(ids));
    expect(all.every((match) => match[2] === 'processed')).toBe(true);
    for (const one of taken) expect(one.length).toBeGreaterThan(0);
  });

  it('end the sessions another process ended, on its next request', async () => {
    const [username = ''] = await makeAccounts('leaver', 1);
    const here = httpClient(servers[0] as ChildServers, '198.18.10.1');
    const there = httpClient(servers[1] as ChildServers, '198.18.10.2');
    for (const browser of [here, there]) {
      const login = await browser.postForm('/api/auth/login/', {
        login: username,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      // Twice: the second read is answered from the process's session cache.
      for (let read = 0; read < 2; read += 1) {
        expect((await browser.get('/api/v1/profile/')).status).toBe(200);
      }
    }
    expect((await here.request('/api/v1/sessions/', { method: 'DELETE' })).status).toBe(204);
    await eventually(async () => {
      expect((await there.get('/api/v1/profile/')).status).toBe(401);
    }, 10);
    expect((await here.get('/api/v1/profile/')).status).toBe(200);
  });

  it("serve a country's new name on both, from memory until it changed", async () => {
    const read = async (server: ChildServers) => {
      const response = await httpClient(server, '198.18.11.1').get('/api/v1/countries/');
      expect(response.status).toBe(200);
      const list = await json<{ code: string; name_en: string }[]>(response);
      return list.find((country) => country.code === 'NO')?.name_en;
    };
    // Twice each: the second read is answered from the process's reference cache.
    for (const server of servers) {
      expect(await read(server)).toBe('Norway');
      expect(await read(server)).toBe('Norway');
    }
    await withDatabase(store, ({ db }) =>
      db.update(countries).set({ nameEn: 'Norge' }).where(eq(countries.code, 'NO')),
    );
    for (const server of servers) {
      await eventually(async () => {
        expect(await read(server)).toBe('Norge');
      }, 10);
    }
  });
});
