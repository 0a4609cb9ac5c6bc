import { Hono } from 'hono';
import { receiveWebhook } from '../webhooks.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';

/** Mounted at /api/billing/webhooks/ (no CSRF: the signature is the credential). */
export function billingWebhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.post('/:provider/', async (c) => {
    const body = await c.req.text();
    const status = await receiveWebhook(deps, c.req.param('provider'), body, c.req.raw.headers);
    return c.json({ status });
  });

  return router;
}
