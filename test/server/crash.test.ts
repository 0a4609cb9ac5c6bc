import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { addPeriod } from '../../server/billing/subscription.ts';
import type { Database } from '../../server/db/client.ts';
import {
  autopayments,
  checkouts,
  invoiceRequests,
  mails,
  promoCodes,
  sessions,
  subscriptions,
  users,
  webhookEvents,
} from '../../server/db/schema.ts';
import { checkoutRequest, decide, json, requestInvoice } from './billing.ts';
import {
  childServers,
  childStore,
  eventually,
  httpClient,
  mailedCode,
  PASSWORD,
  signUp,
  withDatabase,
  type ChildServers,
  type ChildStore,
} from './child-servers.ts';
import type { TestClient } from './client.ts';

/**
 * Kill -9 at each named point of a checkout, a settlement, a renewal, an account
 * removal and an invoice request (server/crash-point.ts), then a restart on the same
 * data: nothing is lost and nothing is done twice. Each scenario runs real server
 * processes one after another on one store (a PGlite folder; with DATABASE_URL a fresh
 * PostgreSQL database), drives them over HTTP as a browser would, and checks what the
 * database holds.
 */

// Short settlement, provider timeout and job lease, so the retries come within seconds.
const ENV = {
  SANDBOX_SETTLE_SECONDS: '1',
  PROVIDER_TIMEOUT_SECONDS: '1',
  JOB_LEASE_SECONDS: '2',
};
const SCENARIO_MS = 420_000;
const DAY = 24 * 60 * 60 * 1000;

let template: string | undefined;
let templateStore: ChildStore | undefined;

beforeAll(async () => {
  // PGlite: one folder migrated and seeded once, copied for each scenario (initdb is slow).
  if (process.env.DATABASE_URL) return;
  templateStore = await childStore();
  const servers = childServers(templateStore, ENV);
  await servers.start();
  await servers.stop();
  template = templateStore.dataDir;
}, 120_000);

afterAll(async () => {
  await templateStore?.remove();
});

let accounts = 0;
/** A browser of a new user, with an address and an e-mail of its own. */
function payer(servers: ChildServers, scenario: string) {
  accounts += 1;
  const email = `${scenario}-${accounts}-${Date.now().toString(36)}@example.com`;
  return { email, client: httpClient(servers, `203.0.113.${accounts}`) };
}

/** The account holder's invoice confirmation (server/mail/templates.ts). */
const confirmationTo = (email: string) =>
  and(eq(mails.to, email), eq(mails.subject, 'Вы запросили счёт'));

/** A scenario's store and servers, stopped and removed however the scenario ends. */
async function scenario(run: (store: ChildStore, servers: ChildServers) => Promise<void>) {
  const store = await childStore(template);
  const servers = childServers(store, ENV);
  try {
    await run(store, servers);
  } finally {
    await servers.stop();
    await store.remove();
  }
}

async function startCheckout(client: TestClient, coupon = 'WELCOME10'): Promise<Response> {
  return client.postJson('/api/autopayment/', checkoutRequest({ coupon }));
}

const checkoutId = async (response: Response) =>
  /co_[\w-]+$/.exec((await json<{ redirect_url: string }>(response)).redirect_url)?.[0] ?? '';

async function expectActive(client: TestClient): Promise<void> {
  const response = await client.get('/api/autopayment/');
  expect(response.status).toBe(200);
  expect((await json<{ autopayment: { status: string } }>(response)).autopayment.status).toBe(
    'active',
  );
}

/** Checkout, Pay on the sandbox page, and the settlement a second later. */
async function buy(client: TestClient): Promise<void> {
  const start = await startCheckout(client, '');
  expect(start.status).toBe(200);
  expect((await decide(client, await checkoutId(start), 'pay')).status).toBe(303);
  await eventually(() => expectActive(client));
}

async function userId(db: Database, email: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/**
 * One paid checkout of the kind, the plan it bought for exactly one period from its
 * settlement (a second settlement would have moved expire_at), the autopayment on.
 */
async function expectPaidOnce(db: Database, id: number, kind: 'create' | 'renewal') {
  const rows = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, id), eq(checkouts.kind, kind)));
  expect(rows).toHaveLength(1);
  const [paid] = rows;
  expect(paid).toMatchObject({ status: 'paid', plan: 'mini', interval: 'monthly' });
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, id));
  expect(sub?.plan).toBe('mini');
  expect(sub?.expireAt).toEqual(addPeriod(paid?.settledAt ?? new Date(0), 'monthly'));
  const [autopayment] = await db.select().from(autopayments).where(eq(autopayments.userId, id));
  expect(autopayment?.status).toBe('active');
  return paid;
}

async function redemptions(db: Database, code: string): Promise<number> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row?.redemptions ?? -1;
}

describe('a server killed at any point, then restarted on the same data', () => {
  it(
    'checkout start: before and after the provider call, after saving its page',
    async () => {
      await scenario(async (store, servers) => {
        const payers: string[] = [];
        for (const point of [
          'checkout-before-provider',
          'checkout-after-provider',
          'checkout-committed',
        ]) {
          const { email, client } = payer(servers, 'checkout');
          await servers.crash(point, async () => {
            await signUp(client, email);
            await startCheckout(client);
          });
          await servers.start();
          // The payer presses Pay again: the same checkout, its page asked for anew if unsaved.
          let start: Response | undefined;
          await eventually(async () => {
            start = await startCheckout(client);
            expect(start.status).toBe(200);
          });
          expect((await decide(client, await checkoutId(start as Response), 'pay')).status).toBe(
            303,
          );
          await eventually(() => expectActive(client));
          await servers.stop();
          payers.push(email);
        }
        await withDatabase(store, async ({ db }) => {
          for (const email of payers) {
            const paid = await expectPaidOnce(db, await userId(db, email), 'create');
            expect(paid?.coupon).toBe('WELCOME10');
          }
          // One redemption per payment, one recorded event per payment.
          expect(await redemptions(db, 'WELCOME10')).toBe(payers.length);
          expect(await db.$count(webhookEvents)).toBe(payers.length);
        });
      });
    },
    SCENARIO_MS,
  );

  it(
    'settlement: the webhook received, inside its transaction, after its commit',
    async () => {
      await scenario(async (store, servers) => {
        const payers: string[] = [];
        for (const point of [
          'settlement-received',
          'settlement-before-commit',
          'settlement-committed',
        ]) {
          const { email, client } = payer(servers, 'settlement');
          await servers.crash(point, async () => {
            await signUp(client, email);
            const start = await startCheckout(client);
            expect((await decide(client, await checkoutId(start), 'pay')).status).toBe(303);
            // The sandbox's webhook comes a second later, and the server dies in it.
          });
          // The settlement commits whole or not at all.
          await withDatabase(store, async ({ db }) => {
            const id = await userId(db, email);
            const [checkout] = await db.select().from(checkouts).where(eq(checkouts.userId, id));
            const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, id));
            const committed = point === 'settlement-committed';
            expect(checkout?.status).toBe(committed ? 'paid' : 'submitted');
            expect(sub?.plan).toBe(committed ? 'mini' : undefined);
            expect(await db.$count(webhookEvents)).toBe(payers.length + (committed ? 1 : 0));
          });
          // The sandbox delivers again (the job outlived its lease); once is all that counts.
          await servers.start();
          await eventually(() => expectActive(client));
          await servers.stop();
          payers.push(email);
        }
        await withDatabase(store, async ({ db }) => {
          for (const email of payers) await expectPaidOnce(db, await userId(db, email), 'create');
          expect(await redemptions(db, 'WELCOME10')).toBe(payers.length);
          expect(await db.$count(webhookEvents)).toBe(payers.length);
        });
      });
    },
    SCENARIO_MS,
  );

  it(
    'renewal: its checkout committed, before and after the charge, before the job completes',
    async () => {
      await scenario(async (store, servers) => {
        const points = [
          'renewal-committed',
          'charge-before-provider',
          'charge-after-provider',
          'charge-settled',
        ];
        const payers = points.map(() => payer(servers, 'renewal'));
        await servers.start();
        for (const { email, client } of payers) {
          await signUp(client, email);
          await buy(client);
        }
        await servers.stop();
        for (const [index, point] of points.entries()) {
          const { email, client } = payers[index] ?? payer(servers, 'renewal');
          // The paid period ended while no server ran: the next one renews it at start.
          await withDatabase(store, async ({ db }) => {
            await db
              .update(subscriptions)
              .set({ expireAt: new Date(Date.now() - 60_000) })
              .where(eq(subscriptions.userId, await userId(db, email)));
          });
          await servers.crash(point, () => Promise.resolve());
          await servers.start();
          await eventually(async () => {
            const { subscription } = await json<{ subscription: { expire_at: string } }>(
              await client.get('/api/subscription/'),
            );
            expect(new Date(subscription.expire_at).getTime()).toBeGreaterThan(
              Date.now() + 25 * DAY,
            );
          });
          await servers.stop();
        }
        const charged = [
          ...servers.output().matchAll(/"checkout":"(co_[\w-]+)"[^\n]*"msg":"provider charge"/g),
        ];
        await withDatabase(store, async ({ db }) => {
          const renewals: string[] = [];
          for (const { email } of payers) {
            const renewal = await expectPaidOnce(db, await userId(db, email), 'renewal');
            renewals.push(renewal?.id ?? '');
          }
          // Every provider call, repeats after a crash too, charged a renewal under its own id.
          expect(new Set(charged.map((match) => match[1]))).toEqual(new Set(renewals));
          // The crash after the provider's answer made the job ask again, under the same id.
          const calls = charged.map((match) => match[1]);
          expect(renewals.some((id) => calls.filter((call) => call === id).length > 1)).toBe(true);
          const open = await db
            .select()
            .from(checkouts)
            .where(inArray(checkouts.status, ['pending', 'submitted']));
          expect(open).toEqual([]);
        });
      });
    },
    SCENARIO_MS,
  );

  it(
    'account removal: inside its transaction and after it',
    async () => {
      await scenario(async (store, servers) => {
        for (const point of ['removal-in-transaction', 'removal-committed']) {
          const { email, client } = payer(servers, 'removal');
          await servers.crash(point, async () => {
            await signUp(client, email);
            await buy(client);
            await client.request('/api/v1/profile/', { method: 'DELETE' });
          });
          // All or nothing: the account with its billing, or none of it.
          const left = await withDatabase(store, async ({ db }) => {
            const [user] = await db.select().from(users).where(eq(users.email, email));
            if (point === 'removal-committed') {
              expect(user).toBeUndefined();
              return null;
            }
            if (!user) throw new Error('the account went without its transaction');
            expect(await db.$count(subscriptions, eq(subscriptions.userId, user.id))).toBe(1);
            expect(await db.$count(checkouts, eq(checkouts.userId, user.id))).toBe(1);
            expect(await db.$count(sessions, eq(sessions.userId, user.id))).toBeGreaterThan(0);
            expect(await db.$count(mails, eq(mails.to, email))).toBeGreaterThan(0);
            return user.id;
          });
          await servers.start();
          // The user asks again while signed in; a removed account has no session left.
          const profile = await client.get('/api/v1/profile/');
          expect(profile.status).toBe(left === null ? 401 : 200);
          if (left !== null) {
            const removed = await client.request('/api/v1/profile/', { method: 'DELETE' });
            expect(removed.status).toBe(204);
          }
          await servers.stop();
          await withDatabase(store, async ({ db }) => {
            expect(await db.$count(users, eq(users.email, email))).toBe(0);
            expect(await db.$count(mails, eq(mails.to, email))).toBe(0);
            if (left !== null) {
              for (const table of [subscriptions, autopayments, checkouts, sessions]) {
                expect(await db.$count(table, eq(table.userId, left))).toBe(0);
              }
            }
          });
        }
      });
    },
    SCENARIO_MS,
  );

  it(
    'invoice request: committed with its mail jobs, the mails not sent yet',
    async () => {
      await scenario(async (store, servers) => {
        const { email, client } = payer(servers, 'invoice');
        const contact = `accounts-${Date.now().toString(36)}@karty.example.com`;
        await servers.crash('invoice-committed', async () => {
          await signUp(client, email);
          await requestInvoice(client, {
            contact,
            fields: { 'annual-payment': 'on', period: '12', payment_gateway: 'invoice' },
          });
        });
        await withDatabase(store, async ({ db }) => {
          expect(await db.$count(invoiceRequests)).toBe(1);
          expect(await db.$count(mails, eq(mails.to, contact))).toBe(0);
          expect(await db.$count(mails, confirmationTo(email))).toBe(0);
        });
        // The queued mail goes out after the restart: at least once, never zero times.
        await servers.start();
        await eventually(async () => {
          const sent = await json<unknown[]>(
            await client.get(`/api/dev/mails/?to=${encodeURIComponent(contact)}`),
          );
          expect(sent.length).toBeGreaterThan(0);
          // The account holder's confirmation was queued in the same transaction.
          const confirmation = await json<{ subject: string }[]>(
            await client.get(`/api/dev/mails/?to=${encodeURIComponent(email)}`),
          );
          expect(confirmation.some((m) => m.subject === 'Вы запросили счёт')).toBe(true);
        });
        await servers.stop();
        await withDatabase(store, async ({ db }) => {
          expect(await db.$count(invoiceRequests)).toBe(1);
          expect(await db.$count(mails, eq(mails.to, contact))).toBeGreaterThanOrEqual(1);
          expect(await db.$count(mails, confirmationTo(email))).toBeGreaterThanOrEqual(1);
        });
      });
    },
    SCENARIO_MS,
  );

  it(
    'sign-up confirmation: after the code is checked and inside its transaction',
    async () => {
      await scenario(async (store, servers) => {
        for (const point of ['signup-code-checked', 'signup-confirm-in-transaction']) {
          const { email, client } = payer(servers, 'confirm');
          let code = '';
          await servers.crash(point, async () => {
            const started = await client.postForm('/api/auth/signup/', {
              email,
              password: PASSWORD,
              agree: 'on',
            });
            expect(started.status).toBe(200);
            code = await mailedCode(client, email);
            await client.postForm('/api/auth/signup/confirm/', { code });
          });
          // Nothing of the confirmation holds, and the same code still proves the address.
          await withDatabase(store, async ({ db }) => {
            const [user] = await db.select().from(users).where(eq(users.email, email));
            expect(user?.emailConfirmedAt).toBeNull();
          });
          await servers.start();
          const confirmed = await client.postForm('/api/auth/signup/confirm/', { code });
          expect(confirmed.status, await confirmed.clone().text()).toBe(200);
          await servers.stop();
          await withDatabase(store, async ({ db }) => {
            const [user] = await db.select().from(users).where(eq(users.email, email));
            expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
          });
        }
      });
    },
    SCENARIO_MS,
  );
});
