import { Hono } from 'hono';
import {
  AutopaymentChange,
  AutopaymentRequest,
  AutopaymentStatusChange,
} from '../../../contract/billing.ts';
import { requireUser } from '../../identity/routes/session.ts';
import { autopaymentAnswer } from '../autopayment.ts';
import { changePlan, startCheckout } from '../checkout.ts';
import { cancelAutopayment, restoreAutopayment } from '../subscription.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInputNamingNested } from '../../http/nested-input.ts';
import { parseInput } from '../../http/validate.ts';
import { readRoute, type Read } from '../../identity/routes/reads.ts';

/** A checkout or change body; a bad field of the payer's data is named at its own pointer. */
const withPayerData = <S extends typeof AutopaymentRequest | typeof AutopaymentChange>(
  schema: S,
  body: unknown,
) => parseInputNamingNested(schema, body, 'user_data', schema.entries.user_data);

/** GET /api/autopayment/: the payment-status poll, from the cache while nothing changed. */
export const autopaymentRead: Read = (deps, { user }) =>
  autopaymentAnswer(deps.db, user.id, deps.cache);

/** Mounted at /api/autopayment/ */
export function autopaymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/', readRoute(deps, autopaymentRead));

  router.post('/', async (c) => {
    const user = requireUser(c);
    const request = withPayerData(AutopaymentRequest, await readBody(c, 'json'));
    return c.json({ redirect_url: await startCheckout(deps, user, request) });
  });

  router.patch('/', async (c) => {
    const user = requireUser(c);
    const request = withPayerData(AutopaymentChange, await readBody(c, 'json'));
    await changePlan(deps, user, request);
    return c.json(await autopaymentAnswer(deps.db, user.id));
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
    return c.json(await autopaymentAnswer(deps.db, user.id));
  });

  return router;
}
