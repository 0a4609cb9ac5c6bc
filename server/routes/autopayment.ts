import { Hono } from 'hono';
import type * as v from 'valibot';
import {
  AutopaymentChange,
  AutopaymentRequest,
  AutopaymentStatusChange,
  type Autopayment,
  type PaymentProvider,
} from '../../contract/billing.ts';
import type { PlanId } from '../../contract/profile.ts';
import { requireUser } from '../identity/sessions.ts';
import { changePlan, startCheckout } from '../billing/checkout.ts';
import { autopaymentOf, cancelAutopayment, restoreAutopayment } from '../billing/subscription.ts';
import type { User } from '../db/schema.ts';
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
    user_data: {
      first_name: row.userData.first_name ?? '',
      second_name: row.userData.second_name ?? '',
      email: row.userData.email ?? '',
      country: row.userData.country ?? '',
    },
    options: row.options,
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
    const request = parseInput(AutopaymentRequest, await readBody(c, 'json'));
    return c.json({ redirect_url: await startCheckout(deps, user, request) });
  });

  router.patch('/', async (c) => {
    const user = requireUser(c);
    const request: v.InferOutput<typeof AutopaymentChange> = parseInput(
      AutopaymentChange,
      await readBody(c, 'json'),
    );
    await changePlan(deps, user, request);
    return c.json(await answer(user));
  });

  router.delete('/', async (c) => {
    const user = requireUser(c);
    await cancelAutopayment(deps, user);
    return c.body(null, 204);
  });

  router.patch('/status/', async (c) => {
    const user = requireUser(c);
    parseInput(AutopaymentStatusChange, await readBody(c, 'json'));
    await restoreAutopayment(deps, user);
    return c.json(await answer(user));
  });

  return router;
}
