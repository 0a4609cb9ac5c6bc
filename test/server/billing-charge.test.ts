import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CHARGE_QUEUE, runChargeJob } from '../../server/billing/charge.ts';
import { openRenewal, sweepBilling } from '../../server/billing/sweep.ts';
import { autopayments, checkouts, promoCodes, subscriptions } from '../../server/db/schema.ts';
import { DAY, useTestServer } from './harness.ts';
import {
  buy,
  checkoutRequest,
  json,
  pendingCheckoutRow,
  sendJson,
  signedIn,
  STRIPE_OPTIONS,
} from './billing.ts';

const server = useTestServer();

/** The provider calls made for a checkout, as the server logged them. */
const charges = (checkoutId: string) =>
  server().logger.entries.filter(
    (entry) => entry.message === 'provider charge' && entry.fields.checkout === checkoutId,
  ).length;

/** The charge jobs queued for a checkout, whatever their state. */
async function chargeJobs(checkoutId: string): Promise<number> {
  const result = (await server().db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${CHARGE_QUEUE} and singleton_key = ${checkoutId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? -1;
}

async function renewalOf(userId: number) {
  const [row] = await server()
    .db.select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.kind, 'renewal')));
  return row;
}

describe('charges of the saved card as jobs', () => {
  it('a renewal is its checkout and its charge job, and a repeat of the job charges nothing', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    server().clock.advance(32 * DAY);
    const { config, db, logger, clock, jobs } = server();
    await sweepBilling({ config, db, logger, clock, jobs });
    // The sweep only opened it: the provider is called by the job.
    const opened = await renewalOf(user.id);
    expect(opened).toMatchObject({ status: 'pending', amount: 10 });
    expect(charges(opened?.id ?? '')).toBe(0);
    expect(await chargeJobs(opened?.id ?? '')).toBe(1);
    // A second sweep before the job ran opens nothing more.
    await sweepBilling({ config, db, logger, clock, jobs });
    const renewals = and(eq(checkouts.userId, user.id), eq(checkouts.kind, 'renewal'));
    expect(await db.$count(checkouts, renewals)).toBe(1);
    expect(await chargeJobs(opened?.id ?? '')).toBe(1);
    await jobs.drain([CHARGE_QUEUE]);
    const paid = await renewalOf(user.id);
    expect(paid).toMatchObject({ id: opened?.id, status: 'paid' });
    expect(charges(paid?.id ?? '')).toBe(1);
    const [before] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // The job again, as after a crash before it completed: the checkout is settled, no call.
    await runChargeJob(server(), { checkoutId: paid?.id }, 1);
    expect(charges(paid?.id ?? '')).toBe(1);
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after?.expireAt).toEqual(before?.expireAt);
  });

  it('a sweep whose list went stale opens no second renewal of a period renewed since', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    server().clock.advance(32 * DAY);
    const { config, db, logger, clock, jobs } = server();
    // What a sweep read as due, before the renewal below settled (in another process).
    const [due] = await db
      .select({ sub: subscriptions, autopayment: autopayments })
      .from(subscriptions)
      .innerJoin(autopayments, eq(autopayments.userId, subscriptions.userId))
      .where(eq(subscriptions.userId, user.id));
    await sweepBilling({ config, db, logger, clock, jobs });
    await jobs.drain([CHARGE_QUEUE]);
    expect(await renewalOf(user.id)).toMatchObject({ status: 'paid' });
    if (!due) throw new Error('no subscription read');
    await openRenewal({ config, db, logger, clock, jobs }, due.sub, due.autopayment, clock.now());
    const renewals = and(eq(checkouts.userId, user.id), eq(checkouts.kind, 'renewal'));
    expect(await db.$count(checkouts, renewals)).toBe(1);
  });

  it('a plan change charges while the request waits, its backup job finds it settled', async () => {
    const { user, client } = await signedIn(server());
    await buy(server(), client);
    const { provider: _, ...change } = checkoutRequest({ plan: 'premium' });
    expect((await sendJson(client, 'PATCH', '/api/autopayment/', change)).status).toBe(200);
    const [changed] = await server()
      .db.select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, user.id), eq(checkouts.kind, 'change')));
    expect(changed?.status).toBe('paid');
    expect(charges(changed?.id ?? '')).toBe(1);
    // Queued with the checkout, due once the request's own call has surely ended.
    expect(await chargeJobs(changed?.id ?? '')).toBe(1);
    await runChargeJob(server(), { checkoutId: changed?.id }, 0);
    expect(charges(changed?.id ?? '')).toBe(1);
  });

  it('refuses a charge job that names no checkout of ours', async () => {
    await expect(runChargeJob(server(), { checkoutId: 'x; drop table' }, 0)).rejects.toThrow();
  });
});

describe('a checkout start cut off before its page was saved', () => {
  it('is taken up by the next start: the same checkout, its code reserved once', async () => {
    const { user, client } = await signedIn(server());
    const [before] = await server()
      .db.select({ redemptions: promoCodes.redemptions })
      .from(promoCodes)
      .where(eq(promoCodes.code, 'WELCOME10'));
    // What a process leaves when it dies between the checkout's commit and the provider's answer.
    const createdAt = new Date(
      server().clock.now().getTime() - server().config.providerTimeoutMs - 5000,
    );
    await server().db.transaction(async (tx) => {
      await tx.insert(checkouts).values({
        ...pendingCheckoutRow('co_cut_off', user.id, 'create', createdAt),
        coupon: 'WELCOME10',
        amount: 9,
      });
      await tx
        .update(promoCodes)
        .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
        .where(eq(promoCodes.code, 'WELCOME10'));
      await tx.insert(autopayments).values({
        userId: user.id,
        provider: 'stripe',
        status: 'pending',
        plan: 'mini',
        interval: 'monthly',
        coupon: 'WELCOME10',
        userData: {},
        options: STRIPE_OPTIONS,
        updatedAt: createdAt,
      });
    });
    const response = await client.postJson('/api/autopayment/', checkoutRequest());
    expect(response.status).toBe(200);
    expect((await json<{ redirect_url: string }>(response)).redirect_url).toMatch(
      /\/sandbox\/pay\/co_cut_off$/,
    );
    const [row] = await server().db.select().from(checkouts).where(eq(checkouts.id, 'co_cut_off'));
    expect(row?.redirectUrl).toMatch(/\/sandbox\/pay\/co_cut_off$/);
    expect(await server().db.$count(checkouts, eq(checkouts.userId, user.id))).toBe(1);
    const [after] = await server()
      .db.select({ redemptions: promoCodes.redemptions })
      .from(promoCodes)
      .where(eq(promoCodes.code, 'WELCOME10'));
    expect(after?.redemptions).toBe((before?.redemptions ?? 0) + 1);
  });

  it('is left to its own start while that may still be waiting for the provider', async () => {
    const { user, client } = await signedIn(server());
    await server()
      .db.insert(checkouts)
      .values(pendingCheckoutRow('co_in_flight', user.id, 'create', server().clock.now()));
    const response = await client.postJson('/api/autopayment/', checkoutRequest());
    expect(response.status).toBe(409);
    expect((await json(response)).code).toBe('checkout_in_progress');
    const [row] = await server()
      .db.select()
      .from(checkouts)
      .where(eq(checkouts.id, 'co_in_flight'));
    expect(row?.redirectUrl).toBeNull();
  });
});
