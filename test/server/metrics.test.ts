import { describe, expect, it } from 'vitest';
import { bearerMatches, metricsPortApp } from '../../server/http/metrics.ts';
import { MAIL_QUEUE } from '../../server/mail/send.ts';
import { Metrics } from '../../server/metrics.ts';
import { useTestServer } from './harness.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const server = useTestServer({ env: { METRICS_TOKEN: TOKEN } });
const withoutToken = useTestServer();

async function scrape(): Promise<string> {
  const answer = await server()
    .client()
    .get('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
}

/** The value of one series, by its name and labels as Prometheus writes them. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on the main port', () => {
  it('is 404 without METRICS_TOKEN', async () => {
    const answer = await withoutToken().client().get('/metrics');
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('http_request');
  });

  it('needs the token as a Bearer token', async () => {
    const client = server().client();
    const tries: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token-0123456789abcdef' },
      { Authorization: TOKEN },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of tries) {
      const answer = await client.get('/metrics', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await answer.text()).not.toContain('http_request');
    }
  });

  it('counts requests by route pattern and status, and password sign-ins by outcome', async () => {
    const client = server().client();
    const before = await scrape();
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/v1/legal/:document/:locale/",status="200"}';
    const count = value(before, series) ?? 0;
    expect((await client.get('/api/v1/legal/terms/en/')).status).toBe(200);
    expect((await client.get('/api/v1/legal/privacy/ru/')).status).toBe(200);
    const { user, password } = await server().createUser();
    await client.postForm('/api/auth/login/', { login: user.username, password: 'Wrong-pass-1' });
    await client.postForm('/api/auth/login/', { login: user.username, password });
    const after = await scrape();
    expect(value(after, series)).toBe(count + 2);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/v1\/legal\/:document\/:locale\/",status="200"\}/,
    );
    expect(value(after, 'sign_ins_total{outcome="refused"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'sign_ins_total{outcome="success"}')).toBeGreaterThanOrEqual(1);
    // The session of the signed-in client was looked up in the cache.
    await client.get('/api/v1/profile/');
    await client.get('/api/v1/profile/');
    const cached = await scrape();
    expect(value(cached, 'session_cache_lookups_total{result="hit"}')).toBeGreaterThan(0);
    expect(value(cached, 'session_cache_lookups_total{result="miss"}')).toBeGreaterThan(0);
  });

  it('counts jobs and mails per outcome, and the queues waiting', async () => {
    const before = await scrape();
    const sent = value(before, 'mails_total{outcome="sent"}') ?? 0;
    const { user } = await server().createUser();
    await server().client().postForm('/api/auth/password/reset/', { email: user.email });
    // A mail due in an hour: waiting in its queue.
    await server().jobs.send(
      server().db,
      MAIL_QUEUE,
      {
        to: 'later@example.com',
        subject: 'Later',
        text: 'Later',
        html: '<p>Later</p>',
        headers: {},
      },
      { startAfterSeconds: 3600 },
    );
    const after = await scrape();
    expect(value(after, 'mails_total{outcome="sent"}')).toBe(sent + 1);
    expect(value(after, 'jobs_total{queue="mail",outcome="completed"}')).toBeGreaterThan(0);
    expect(value(after, 'jobs_total{queue="password-reset",outcome="completed"}')).toBe(1);
    expect(value(after, 'job_queue_depth{queue="mail",state="created"}')).toBe(1);
    expect(after).not.toContain('later@example.com');
  });

  it('shows the PostgreSQL pool, and no pool for the embedded database', async () => {
    const text = await scrape();
    if (server().handle.poolStats) {
      expect(value(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
  });
});

describe('the metrics', () => {
  it('count a failed mail as failed, a retried one as retried', async () => {
    const metrics = new Metrics();
    metrics.job(MAIL_QUEUE, 'retried');
    metrics.job(MAIL_QUEUE, 'failed');
    metrics.job('billing-charge', 'failed');
    const { body } = await metrics.text();
    expect(value(body, 'mails_total{outcome="retried"}')).toBe(1);
    expect(value(body, 'mails_total{outcome="failed"}')).toBe(1);
    expect(value(body, 'jobs_total{queue="billing-charge",outcome="failed"}')).toBe(1);
  });

  it('keep a registry per app: two apps count apart', async () => {
    const one = new Metrics();
    const two = new Metrics();
    one.request({ method: 'GET', route: '/x', status: 200, durationMs: 3 });
    const series = 'http_request_duration_seconds_count{method="GET",route="/x",status="200"}';
    expect(value((await one.text()).body, series)).toBe(1);
    expect(value((await two.text()).body, series)).toBeUndefined();
  });

  it('METRICS_PORT serves /metrics without a token, and nothing else', async () => {
    const app = metricsPortApp(new Metrics());
    const answer = await app.request('/metrics');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await app.request('/')).status).toBe(404);
    expect((await app.request('/api/v1/profile/')).status).toBe(404);
  });

  it('compares the Bearer token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
