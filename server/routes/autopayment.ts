import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  AutopaymentChange,
  AutopaymentRequest,
  AutopaymentStatusChange,
  type Autopayment,
  type PaymentProvider,
} from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import { requireUser } from '../auth/sessions.ts';
import { changePlan, startCheckout } from '../billing/checkout.ts';
import { autopaymentOf, currentSubscription } from '../billing/subscription.ts';
import { autopayments, subscriptions, type User } from '../db/schema.ts';
import { readBody } from '../http/body.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { simpleError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';

type Row = NonNullable<Awaited<ReturnType<typeof autopaymentOf>>>;

export function toAutopayment(row: Row): Autopayment {
  return {
    status: row.status,
    latest_error: row.latestError,
    provider: row.provider as PaymentProvider,
    plan: row.plan as PlanId,
    interval: row.interval as Autopayment['interval'],
    coupon: row.coupon,
  };
}

/** Mounted at /api/autopayment/ */
export function autopaymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  async function answer(user: User): Promise<{ autopayment: Autopayment }> {
    const row = await autopaymentOf(deps.db, user.id);
    if (!row) throw simpleError(404, 'no_autopayment');
    return { autopayment: toAutopayment(row) };
  }

  router.get('/', async (c) => c.json(await answer(requireUser(c))));

  router.post('/', async (c) => {
    const user = requireUser(c);
    const request = parseInput(AutopaymentRequest, await readBody(c));
    return c.json({ redirect_url: await startCheckout(deps, user, request) });
  });

  router.patch('/', async (c) => {
    const user = requireUser(c);
    const request: v.InferOutput<typeof AutopaymentChange> = parseInput(
      AutopaymentChange,
      await readBody(c),
    );
    await changePlan(deps, user, request);
    return c.json(await answer(user));
  });

  router.delete('/', async (c) => {
    const user = requireUser(c);
    const row = await autopaymentOf(deps.db, user.id);
    if (row?.status !== 'active') throw simpleError(400, 'no_autopayment');
    const now = deps.clock.now();
    await deps.db
      .update(autopayments)
      .set({ status: 'canceled', latestError: null, updatedAt: now })
      .where(eq(autopayments.userId, user.id));
    // The plan stays until expire_at; the poller then moves it to free.
    await deps.db
      .update(subscriptions)
      .set({ canceledAt: now, updatedAt: now })
      .where(eq(subscriptions.userId, user.id));
    return c.body(null, 204);
  });

  router.patch('/status/', async (c) => {
    const user = requireUser(c);
    parseInput(AutopaymentStatusChange, await readBody(c));
    const row = await autopaymentOf(deps.db, user.id);
    const current = await currentSubscription(deps.db, user);
    const now = deps.clock.now();
    const running = current.plan !== 'free' && current.expireAt !== null && current.expireAt > now;
    if (row?.status !== 'canceled' || !running) throw simpleError(400, 'no_autopayment');
    await deps.db
      .update(autopayments)
      .set({ status: 'active', latestError: null, updatedAt: now })
      .where(eq(autopayments.userId, user.id));
    await deps.db
      .update(subscriptions)
      .set({ canceledAt: null, updatedAt: now })
      .where(eq(subscriptions.userId, user.id));
    return c.json(await answer(user));
  });

  return router;
}
