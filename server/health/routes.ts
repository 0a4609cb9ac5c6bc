import { ping } from '../db/client.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';

/** How long readiness waits for each dependency before it counts as away. */
const CHECK_MS = 2000;

const within = (work: Promise<unknown>): Promise<'ok' | 'unavailable'> =>
  Promise.race([
    work.then(() => 'ok' as const),
    new Promise<'unavailable'>((resolve) => setTimeout(() => resolve('unavailable'), CHECK_MS)),
  ]).catch(() => 'unavailable' as const);

/**
 * A load balancer's checks, without a session, a cookie or a log line per call:
 * `/healthz` answers 200 while the process runs; `/readyz` answers 200 when the
 * database and the job queue each answer a round trip within 2 s, else 503.
 */
export function healthRoutes(deps: Pick<AppDeps, 'db' | 'jobs'>): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  router.get('/readyz', async (c) => {
    const [database, jobs] = await Promise.all([within(ping(deps.db)), within(deps.jobs.ping())]);
    const ready = database === 'ok' && jobs === 'ok';
    c.header('Cache-Control', 'no-store');
    if (!ready) c.header('Retry-After', '5');
    return c.json({ status: ready ? 'ready' : 'unavailable', database, jobs }, ready ? 200 : 503);
  });
  return router;
}
