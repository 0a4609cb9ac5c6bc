import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema.ts';
import { isDatabaseUnavailable } from '../../server/db/unavailable.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import { memoryLogger } from '../../server/logger.ts';
import {
  createClient,
  createTestDatabase,
  testConfig,
  useTestServer,
  type TestClient,
} from './harness.ts';

const server = useTestServer();

describe('unknown API paths and methods', () => {
  it.each([
    ['GET', '/api/'],
    ['GET', '/api/v1/nothing/'],
    ['GET', '/api/v1/profile'],
    ['DELETE', '/api/v1/countries/'],
    ['GET', '/api/auth/login/'],
    ['PUT', '/api/v1/countries/'],
  ])('%s %s answers 404 JSON', async (method, path) => {
    const response = await server().client().request(path, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ code: 'not_found', detail: 'Nothing found' });
  });
});

const INVALID_INPUT = {
  code: 'invalid_input',
  detail: 'Entered data is not valid. Please check your input and try again.',
};

describe('garbage bodies never give a 500', () => {
  const endpoints = ['/api/v1/ip_country/', '/api/v1/user_timezone_info/'];
  let client: TestClient;

  // Signed in, so the timezone call gets as far as reading its body.
  beforeAll(async () => {
    const { user, password } = await server().createUser();
    client = server().client();
    await client.postForm('/api/auth/login/', { login: user.username, password });
  });

  it.each(endpoints)('malformed JSON to %s is invalid_input', async (path) => {
    const response = await client.request(path, {
      method: 'POST',
      body: '{"login": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(INVALID_INPUT);
  });

  it.each(endpoints)('JSON that is not an object, to %s, is invalid_input', async (path) => {
    for (const body of [null, 42, 'text', [1, 2], true]) {
      const response = await client.postJson(path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(INVALID_INPUT);
    }
  });

  it('wrong types are field errors, not crashes', async () => {
    const response = await client.request('/api/v1/profile/', {
      method: 'PATCH',
      body: JSON.stringify({ first_name: ['a'], company: { x: 1 } }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { source: { pointer: string } }[] };
    expect(body.errors.map((e) => e.source.pointer)).toEqual(
      expect.arrayContaining(['first_name', 'company']),
    );
  });

  it('an over-long field is a field error', async () => {
    const response = await server()
      .client()
      .postForm('/api/auth/login/', { login: 'a'.repeat(300), password: 'x' });
    expect(await response.json()).toEqual({
      errors: [
        {
          code: 'invalid_input',
          detail: 'Must be at most 254 characters',
          source: { pointer: 'login' },
        },
      ],
    });
  });

  it.each([
    ['text/plain', 'login=a&password=b', 415],
    ['', 'login=a&password=b', 415],
    ['application/json', '{"login":"a","password":"b"}', 415],
    ['multipart/form-data; boundary=x', 'not multipart at all', 415],
    ['application/x-www-form-urlencoded', '%%%&&&===', 400],
  ])('a body of type %j to the sign-in form answers %i', async (type, body, status) => {
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    const response = await server()
      .client()
      .request('/api/auth/login/', { method: 'POST', body, headers });
    expect(response.status).toBe(status);
  });

  it('a body over 64 KiB is 413', async () => {
    const huge = JSON.stringify({ login: 'x'.repeat(70 * 1024), password: 'y' });
    const variants: Record<string, string>[] = [
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json', 'Content-Length': String(huge.length) },
    ];
    for (const headers of variants) {
      const response = await server()
        .client()
        .request('/api/auth/login/', { method: 'POST', body: huge, headers });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
    }
  });

  it('a declared length over 64 KiB is 413 before any of the body is read', async () => {
    // The body itself is small: only the header can have refused it.
    const response = await server()
      .client()
      .request('/api/auth/login/', {
        method: 'POST',
        body: 'login=a&password=b',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(70 * 1024),
        },
      });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('a body of unknown length is counted as it streams, and refused past 64 KiB', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 80) controller.close();
        else controller.enqueue(chunk);
      },
    });
    // A stream is sent chunked, with no length to declare (fetch wants duplex for it).
    const streamed = {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half' as const,
    };
    const response = await server().client().request('/api/auth/login/', streamed);
    expect(response.status).toBe(413);
  });

  it('nothing above was logged as an error', () => {
    expect(server().logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});

// Nothing below queues a job: the database fails first.
const jobs: JobQueue = {
  send: () => Promise.reject(new Error('no queue in this test')),
  start: () => Promise.resolve(),
  drain: () => Promise.resolve(0),
  ping: () => Promise.reject(new Error('no queue in this test')),
  stop: () => Promise.resolve(),
  maintain: () => Promise.resolve(),
};

describe('paths with control characters', () => {
  it.each([
    '/%00',
    '/abc%01',
    '/%7f',
    '/en%00',
    '/en/login/1%0d%0aSet-Cookie:%20x=1',
    '/api/v1/%00/',
  ])('GET %s answers 404', async (path) => {
    const response = await server().client().get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('set-cookie') ?? '').not.toContain('x=1');
  });

  it('an address without its locale keeps its encoding in the redirect', async () => {
    const response = await server().client().get('/caf%C3%A9%20x?q=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/(en|ru)\/caf%C3%A9%20x\?q=1$/);
  });
});

describe('API answers and caches', () => {
  it('an answer with personal data is private and never stored', async () => {
    const { user, password } = await server().createUser();
    const client = server().client();
    await client.postForm('/api/auth/login/', { login: user.username, password });
    for (const path of ['/api/v1/profile/', '/api/subscription/', '/api/v1/teams/']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
    const refused = await server().client().get('/api/v1/profile/');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('a database that cannot be reached', () => {
  const logger = memoryLogger();
  const pool = new pg.Pool({ connectionString: 'postgres://portal:portal@127.0.0.1:9/portal' });
  const app = createApp({
    config: testConfig(),
    db: drizzle({ client: pool, schema }) as unknown as Database,
    logger,
    jobs,
  });
  afterAll(() => pool.end());

  it('answers 503 with Retry-After and logs a warning, not an error', async () => {
    const response = await createClient(app).get('/api/v1/countries/');
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ code: 'server_busy' });
    const login = await createClient(app).postForm('/api/auth/login/', {
      login: 'someone',
      password: 'Whatever-1',
    });
    expect(login.status).toBe(503);
    expect(logger.entries.map((entry) => entry.level)).not.toContain('error');
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'database unavailable' }),
    );
  });
});

describe('an unexpected failure', () => {
  const logger = memoryLogger();
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    const handle = await createTestDatabase();
    app = createApp({ config: testConfig(), db: handle.db, logger, jobs });
    // A closed database makes every query throw: the kind of failure nobody planned.
    await handle.close();
  });
  afterAll(() => {
    logger.entries.length = 0;
  });

  it('answers 500 system without details and logs the error', async () => {
    const response = await createClient(app).get('/api/v1/countries/');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 'system',
      detail: 'Something went wrong. Try again later.',
    });
    expect(text).not.toMatch(/at .*\.ts/);
    expect(logger.entries).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'unhandled error',
        fields: expect.objectContaining({ path: '/api/v1/countries/' }),
      }),
      // The request's own line (server/http/request-log.ts), at warn for a 5xx.
      expect.objectContaining({
        level: 'warn',
        message: 'request',
        fields: expect.objectContaining({ route: '/api/v1/countries/', status: 500 }),
      }),
    ]);
  });
});

describe('what counts as the database being away', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
  it.each([
    ['refused', { code: 'ECONNREFUSED' }],
    ['terminated by an administrator', { code: '57P01' }],
    ['starting up', { code: '57P03' }],
    ['a connection exception', { code: '08006' }],
    ['a full disk', { code: '53100' }],
    ['no space left (the embedded database)', { code: 'ENOSPC' }],
    ['too many connections', { code: '53300' }],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s is', (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['a serialization failure', { code: '40001' }],
    ['a plain bug', new TypeError('x is undefined')],
    ['a closed embedded database', new Error('PGlite is closed')],
  ])('%s is not', (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(false);
  });
});
