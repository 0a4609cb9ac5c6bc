import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { scrubEvent } from '../../contract/personal.ts';
import { securityHeaders } from '../../server/http/security-headers.ts';
import { localizeHtml } from '../../server/spa.ts';
import { createApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { RELEASE, startErrorReporting, type ErrorReporter } from '../../server/error-reporting.ts';
import { memoryLogger } from '../../server/logger.ts';
import { envelopeSink, type EnvelopeSink } from './envelope-sink.ts';
import { createClient, createTestDatabase, testConfig } from './harness.ts';
import { expectNoneOf } from './leaks.ts';
import { idleJobs } from './queues.ts';

describe('error reporting', () => {
  it('is off, and the SDK not loaded, without SENTRY_DSN', async () => {
    expect(await startErrorReporting({ sentryDsn: null, nodeEnv: 'production' })).toBeNull();
    expect(testConfig().sentryDsn).toBeNull();
  });

  it('tells the page where to report only with a DSN, and lets it connect there', async () => {
    const html = readFileSync('index.html', 'utf8');
    const errors = {
      dsn: 'https://key@errors.example.com/3',
      release: RELEASE,
      environment: 'production',
    };
    const meta = (page: string) =>
      /<meta name="portal-errors" content="([^"]*)"/.exec(page)?.[1]?.replaceAll('&quot;', '"');
    expect(meta(localizeHtml(html, 'en'))).toBe('');
    expect(JSON.parse(meta(localizeHtml(html, 'en', true, { errors })) ?? '')).toEqual(errors);
    const policy = async (sentryDsn: string | null) => {
      const app = new Hono();
      app.use(securityHeaders({ nodeEnv: 'production', sentryDsn }, []));
      app.get('/', (c) => c.text('ok'));
      return (await app.request('/')).headers.get('content-security-policy') ?? '';
    };
    expect(await policy(null)).toContain("connect-src 'self';");
    expect(await policy(errors.dsn)).toContain("connect-src 'self' https://errors.example.com;");
  });

  it('scrubs an event of its user, cookies, headers, query, body and personal texts', () => {
    const event = scrubEvent({
      message: 'no mailbox alice@example.com',
      user: { id: '7', email: 'alice@example.com', ip_address: '203.0.113.9' },
      server_name: 'host-of-alice',
      request: {
        method: 'POST',
        url: 'https://portal.example/en/password/set/?token=secret-token-value',
        cookies: { sessionid: 'cookie-value' },
        headers: { Cookie: 'sessionid=cookie-value', Authorization: 'Bearer bearer-value' },
        query_string: 'token=secret-token-value',
        data: { password: 'Secret-pass-1', email: 'alice@example.com' },
      },
      exception: {
        values: [{ type: 'Error', value: 'code 123456 for Alice <alice@example.com>' }],
      },
      breadcrumbs: [
        { message: 'sent to bob@example.com', data: { url: '/x?code=654321', to: 'bob' } },
      ],
      extra: { first_name: 'Alice', queue: 'mail' },
    });
    const text = JSON.stringify(event);
    expectNoneOf(text, [
      'alice@',
      'bob',
      '203.0.113.9',
      'cookie-value',
      'bearer-value',
      'secret-token-value',
      'Secret-pass-1',
      '123456',
      '654321',
      'host-of-alice',
    ]);
    expect(event).toMatchObject({
      request: { method: 'POST', url: 'https://portal.example/en/password/set/' },
      extra: { queue: 'mail' },
    });
    expect(event).not.toHaveProperty('user');
  });

  describe('with a local envelope sink as the DSN', () => {
    let sink: EnvelopeSink;
    let handle: DatabaseHandle;
    let errors: ErrorReporter;
    let app: ReturnType<typeof createApp>;
    const logger = memoryLogger();

    beforeAll(async () => {
      sink = await envelopeSink();
      const reporter = await startErrorReporting({
        sentryDsn: `http://publickey@127.0.0.1:${sink.port}/1`,
        nodeEnv: 'test',
      });
      if (!reporter) throw new Error('error reporting did not start');
      errors = reporter;
      handle = await createTestDatabase();
      app = createApp({ config: testConfig(), db: handle.db, logger, jobs: idleJobs, errors });
      // A closed database: every query throws, the kind of failure nobody planned.
      await handle.close();
    });
    afterAll(async () => {
      const Sentry = await import('@sentry/node');
      await Sentry.close(2000);
      await new Promise((resolve) => sink.server.close(resolve));
    });

    it('receives a thrown server error once, without personal data', async () => {
      const answer = await createClient(app).postForm(
        '/api/auth/login/',
        { login: 'carol@example.com', password: 'Carol-secret-1' },
        { headers: { Cookie: 'sessionid=carols-session-cookie-value' } },
      );
      expect(answer.status).toBe(500);
      await errors.flush(5000);
      const events = sink.items.filter((item) => item.header.type === 'event');
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event?.payload).toMatchObject({
        release: RELEASE,
        environment: 'test',
        tags: { method: 'POST', route: '/api/auth/login/' },
        // The error and its causes (the database driver's), each with its stack.
        exception: { values: expect.arrayContaining([expect.objectContaining({ type: 'Error' })]) },
      });
      const everything = JSON.stringify(sink.items);
      expectNoneOf(everything, ['carol', 'Carol-secret-1', 'carols-session-cookie-value']);
    });
  });
});
