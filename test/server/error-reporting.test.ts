import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubEvent } from '../../contract/personal.ts';
import { createApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { RELEASE, startErrorReporting, type ErrorReporter } from '../../server/error-reporting.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import { memoryLogger } from '../../server/logger.ts';
import { createClient, createTestDatabase, testConfig } from './harness.ts';

type Item = { header: Record<string, unknown>; payload: Record<string, unknown> };

/** A local stand-in for Sentry: keeps every envelope posted to /api/<project>/envelope/. */
async function envelopeSink(): Promise<{ server: Server; port: number; items: Item[] }> {
  const items: Item[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (/^\/api\/\d+\/envelope\/?/.test(request.url ?? '')) {
        const lines = body.toString('utf8').split('\n').filter(Boolean);
        for (let index = 1; index + 1 < lines.length; index += 2) {
          items.push({
            header: JSON.parse(lines[index] ?? '{}') as Record<string, unknown>,
            payload: JSON.parse(lines[index + 1] ?? '{}') as Record<string, unknown>,
          });
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, items };
}

const jobs: JobQueue = {
  send: () => Promise.resolve(),
  start: () => Promise.resolve(),
  drain: () => Promise.resolve(0),
  maintain: () => Promise.resolve(),
  stop: () => Promise.resolve(),
  ping: () => Promise.resolve(),
};

describe('error reporting', () => {
  it('is off, and the SDK not loaded, without SENTRY_DSN', async () => {
    expect(await startErrorReporting({ sentryDsn: null, nodeEnv: 'production' })).toBeNull();
    expect(testConfig().sentryDsn).toBeNull();
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
    for (const secret of [
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
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(event).toMatchObject({
      request: { method: 'POST', url: 'https://portal.example/en/password/set/' },
      extra: { queue: 'mail' },
    });
    expect(event).not.toHaveProperty('user');
  });

  describe('with a local envelope sink as the DSN', () => {
    let sink: Awaited<ReturnType<typeof envelopeSink>>;
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
      app = createApp({ config: testConfig(), db: handle.db, logger, jobs, errors });
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
      for (const secret of ['carol', 'Carol-secret-1', 'carols-session-cookie-value']) {
        expect(everything).not.toContain(secret);
      }
    });
  });
});
