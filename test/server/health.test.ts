import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import { memoryLogger } from '../../server/logger.ts';
import { createClient, testConfig, useTestServer } from './harness.ts';

const server = useTestServer();

describe('health and readiness', () => {
  it('/healthz and /readyz answer 200 without a session, a cookie or a log line', async () => {
    const logged = server().logger.entries.length;
    const client = server().client();
    const health = await client.get('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', jobs: 'ok' });
    for (const response of [health, ready]) {
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(server().logger.entries.length).toBe(logged);
  });
});

describe('readiness without a database', () => {
  const pool = new pg.Pool({ connectionString: 'postgres://portal:portal@127.0.0.1:9/portal' });
  const jobs: JobQueue = {
    send: () => Promise.reject(new Error('no queue')),
    start: () => Promise.resolve(),
    drain: () => Promise.resolve(0),
    maintain: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    ping: () => Promise.resolve(),
  };
  const app = createApp({
    config: testConfig(),
    db: drizzle({ client: pool, schema }) as unknown as Database,
    logger: memoryLogger(),
    jobs,
  });
  afterAll(() => pool.end());

  it('/readyz answers 503 with Retry-After, naming what is away; /healthz still 200', async () => {
    const client = createClient(app);
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(503);
    expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      database: 'unavailable',
      jobs: 'ok',
    });
    expect((await client.get('/healthz')).status).toBe(200);
  });

  it('/readyz answers 503 when the job queue does not answer', async () => {
    const handle = server();
    const silent = createApp({
      config: handle.config,
      db: handle.db,
      logger: memoryLogger(),
      jobs: { ...jobs, ping: () => new Promise(() => {}) },
    });
    const ready = await createClient(silent).get('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      database: 'ok',
      jobs: 'unavailable',
    });
  });
});
