import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DestinationStream } from 'pino';
import { createApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { jsonLogger, vouched } from '../../server/logger.ts';
import { MAIL_QUEUE } from '../../server/mail/send.ts';
import { PASSWORD_RESET_QUEUE } from '../../server/identity/password-reset.ts';
import { REMOVED, stripPersonal } from '../../contract/personal.ts';
import { createClient, createTestDatabase, testConfig, useTestServer } from './harness.ts';
import { expectNoneOf } from './leaks.ts';
import { idleJobs } from './queues.ts';

const server = useTestServer();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const requestLines = () =>
  server()
    .logger.entries.filter((entry) => entry.message === 'request')
    .map((entry) => entry.fields);

describe('stripPersonal', () => {
  it('drops personal fields and masks addresses, codes and tokens in any text', () => {
    const token = 'eyJ1c2VyIjoiYWxpY2UifQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r';
    const error = new Error(`no mailbox for alice@example.com (code 123456)`);
    const stripped = stripPersonal({
      email: 'alice@example.com',
      first_name: 'Alice',
      lastName: 'Smith',
      username: 'alice',
      Cookie: 'sessionid=abc',
      'set-cookie': 'csrftoken=xyz',
      authorization: 'Bearer abc',
      token,
      code: '123456',
      password: 'Secret-pass-1',
      body: { anything: 'at all' },
      data: { email: 'bob@example.com' },
      route: '/api/v1/unsubscribe/:token/',
      path: `/api/v1/unsubscribe/${token}/`,
      link: `https://portal.example/en/password/set/?token=${token}&lang=en`,
      note: 'mail to bob@example.org, code 654321',
      nested: [{ phone: '+44 20 7946 0958', status: 500 }],
      error,
    });
    const text = JSON.stringify(stripped);
    expectNoneOf(text, [
      'alice@example.com',
      'bob@example',
      'Alice',
      'Smith',
      'abc',
      'xyz',
      token,
      '123456',
      '654321',
      'Secret-pass-1',
      'at all',
      '7946',
    ]);
    expect(stripped).toMatchObject({
      email: REMOVED,
      first_name: REMOVED,
      Cookie: REMOVED,
      body: REMOVED,
      route: '/api/v1/unsubscribe/:token/',
      path: '/api/v1/unsubscribe/[token]/',
      link: `https://portal.example/en/password/set/?token=${REMOVED}&lang=en`,
      note: 'mail to [email], code [code]',
      nested: [{ phone: REMOVED, status: 500 }],
      error: { name: 'Error', message: 'no mailbox for [email] (code [code])' },
    });
    // What is no one's stays as it was.
    expect(stripPersonal({ queue: 'mail', tries: 3, ok: true, at: null })).toEqual({
      queue: 'mail',
      tries: 3,
      ok: true,
      at: null,
    });
  });
});

describe('one log line per request', () => {
  it('names method, route pattern, status, duration and a request id sent back in the answer', async () => {
    const client = server().client();
    const answer = await client.get('/api/v1/legal/terms/en/?utm=someone@example.com');
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    const line = requestLines().find((fields) => fields.request_id === id);
    expect(line).toEqual({
      request_id: id,
      method: 'GET',
      route: '/api/v1/legal/:document/:locale/',
      status: 200,
      duration_ms: expect.any(Number),
    });
    expect(JSON.stringify(line)).not.toContain('someone');
  });

  it("keeps a sane incoming X-Request-Id, replaces any other, and logs a refusal's status", async () => {
    const client = server().client();
    const kept = await client.get('/api/v1/profile/', {
      headers: { 'X-Request-Id': 'proxy-7f3a9c.42' },
    });
    expect(kept.status).toBe(401);
    expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a9c.42');
    expect(requestLines()).toContainEqual(
      expect.objectContaining({
        request_id: 'proxy-7f3a9c.42',
        route: '/api/v1/profile/',
        status: 401,
      }),
    );
    const replaced = await client.get('/api/v1/profile/', {
      headers: { 'X-Request-Id': 'x y <script>' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    const unknown = await client.get('/api/v1/nothing-here/');
    expect(unknown.status).toBe(404);
    const id = unknown.headers.get('x-request-id');
    expect(requestLines()).toContainEqual(
      expect.objectContaining({ request_id: id, route: 'unmatched', status: 404 }),
    );
    // A page of the SPA (not built in these tests) is the catch-all's.
    const page = await client.get('/en/login/1');
    expect(requestLines()).toContainEqual(
      expect.objectContaining({
        request_id: page.headers.get('x-request-id'),
        route: '/*',
        status: page.status,
      }),
    );
  });

  it('the jobs a request sends carry its id, and their workers log it', async () => {
    const { user } = await server().createUser();
    const answer = await server()
      .client()
      .postForm('/api/auth/password/reset/', { email: user.email });
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id');
    const jobLines = server()
      .logger.entries.filter((entry) => entry.message === 'job done')
      .map((entry) => entry.fields)
      .filter((fields) => fields.request_id === id);
    // The reset job, then the mail it sent from its worker: one id through both.
    expect(jobLines.map((fields) => fields.queue)).toEqual([PASSWORD_RESET_QUEUE, MAIL_QUEUE]);
  });
});

describe('the JSON log of the running server', () => {
  const lines: string[] = [];
  const destination = { write: (line: string) => void lines.push(line) } as DestinationStream;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = createApp({
      config: testConfig(),
      db: handle.db,
      logger: jsonLogger(destination),
      jobs: idleJobs,
    });
    // A closed database: every query fails, and the failure is logged with its error.
    await handle.close();
  });
  afterAll(() => {
    lines.length = 0;
  });

  it('writes one JSON object a line, with level and request id, and nothing personal', async () => {
    const token = 'eyJ1c2VyIjoiYWxpY2UifQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r';
    const client = createClient(app);
    const login = await client.postForm('/api/auth/login/', {
      login: 'carol@example.com',
      password: 'Carol-secret-1',
    });
    expect(login.status).toBe(500);
    const unsubscribe = await client.get(`/api/v1/unsubscribe/${token}/`, {
      headers: { Cookie: 'sessionid=s3ss10n-v4lue' },
    });
    expect(unsubscribe.status).toBeGreaterThanOrEqual(400);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.length).toBeGreaterThan(0);
    for (const entry of parsed) {
      expect(['info', 'warn', 'error']).toContain(entry.level);
      expect(typeof entry.time).toBe('string');
      expect(typeof entry.msg).toBe('string');
    }
    const id = login.headers.get('x-request-id');
    const ofLogin = parsed.filter((entry) => entry.request_id === id);
    expect(ofLogin.map((entry) => entry.msg)).toEqual(['unhandled error', 'request']);
    // The request line is written unstripped (vouched for): it holds these fields alone.
    expect(ofLogin[1]).toEqual({
      level: 'warn',
      time: expect.any(String),
      msg: 'request',
      request_id: id,
      method: 'POST',
      route: '/api/auth/login/',
      status: 500,
      duration_ms: expect.any(Number),
    });
    const all = lines.join('\n');
    expectNoneOf(all, ['carol', 'Carol-secret-1', token, 's3ss10n']);
  });
});

describe('vouched fields', () => {
  const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
  const logged = () => {
    const lines: string[] = [];
    const logger = jsonLogger({
      write: (line: string) => void lines.push(line),
    } as DestinationStream);
    return { lines, logger };
  };
  const request = () => ({
    request_id: 'req-0001.a',
    method: 'GET',
    route: '/api/v1/teams/',
    status: 404,
    duration_ms: 1.5,
  });

  it('are written as pino writes the same fields: one line, same keys in the same order', () => {
    const { lines, logger } = logged();
    const before = Date.now();
    logger.warn('request', vouched(request()));
    logger.warn('request', request());
    const after = Date.now();
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.endsWith('}\n')).toBe(true);
    const [fast, slow] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(fast!)).toEqual(Object.keys(slow!));
    expect(Object.keys(fast!)).toEqual([
      'level',
      'time',
      'request_id',
      'method',
      'route',
      'status',
      'duration_ms',
      'msg',
    ]);
    expect({ ...fast, time: null }).toEqual({ ...slow, time: null });
    expect(fast!['level']).toBe('warn');
    for (const entry of [fast!, slow!]) {
      expect(entry['time']).toMatch(ISO_TIME);
      const time = Date.parse(entry['time'] as string);
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
    }
  });

  it('vouch for the next entry alone, and only when it carries them', () => {
    const { lines, logger } = logged();
    const fields = { ...request(), route: 'carol@example.com' };
    vouched(fields);
    logger.info('something else', { ...fields });
    logger.info('request', fields);
    vouched(request());
    logger.info('request', fields);
    expect(lines).toHaveLength(3);
    expectNoneOf(lines.join(''), ['carol@example.com']);
    const { lines: own, logger: vouching } = logged();
    vouching.info('request', vouched(fields));
    expect(own.join('')).toContain('carol@example.com');
  });
});
