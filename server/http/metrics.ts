import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Handler } from 'hono';
import type { AppEnv } from './context.ts';

/** What a scrape reads: the metrics in Prometheus' text format (server/metrics.ts). */
type Metrics = { text(): Promise<{ type: string; body: string }> };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
  // Digests of equal length: the comparison takes as long for any wrong token.
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}

const scrape =
  (metrics: Metrics): Handler<AppEnv> =>
  async (c) => {
    const { type, body } = await metrics.text();
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', type);
    return c.body(body);
  };

/**
 * GET /metrics on the main port: with METRICS_TOKEN, for a scraper sending it as a Bearer
 * token (401 without it); without, 404 as any unknown page.
 */
export function metricsRoutes(metrics: Metrics, token: string | null): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get('/metrics', async (c, next) => {
    if (token === null) return c.text('Not found', 404);
    if (!bearerMatches(c.req.header('Authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      c.header('Cache-Control', 'no-store');
      return c.text('Unauthorized', 401);
    }
    return scrape(metrics)(c, next);
  });
  return router;
}

/** The server of METRICS_PORT: GET /metrics and nothing else, without a token. */
export function metricsPortApp(metrics: Metrics): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/metrics', scrape(metrics));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
