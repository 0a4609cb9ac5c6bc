import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer.ts';
import { testClock, testConfig, useTestServer } from './harness.ts';
import { mailsTo, startSignup, uniqueEmail } from './identity.ts';

const server = useTestServer();

/** A one-connection-at-a-time SMTP server that accepts every mail and keeps it. */
async function smtpSink() {
  const received: { recipients: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  const sink = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let recipients: string[] = [];
    let data: string | null = null;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push({ recipients, data });
            data = null;
            recipients = [];
            socket.write('250 kept\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'RCPT') {
          recipients.push(line.slice(line.indexOf(':') + 1).trim());
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as AddressInfo;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sink.close(() => resolve());
      }),
  };
}

describe('development mailbox', () => {
  it('stores mails, logs one line, and lists them newest first', async () => {
    const email = uniqueEmail();
    await startSignup(server(), email);
    server().clock.advance(1000);
    await server().client().postForm('/api/auth/password/reset/', { email });
    const list = await mailsTo(server(), email);
    expect(list.map((m) => m.subject)).toEqual([
      'Reset your password',
      expect.stringMatching(/^Your verification code: \d{6}$/),
    ]);
    expect(list[0]).toMatchObject({ to: email, headers: {} });
    expect(Date.parse(list[0]?.created_at ?? '')).toBeGreaterThan(
      Date.parse(list[1]?.created_at ?? ''),
    );
    expect(server().logger.entries).toContainEqual({
      level: 'info',
      message: 'mail stored',
      fields: { to: email, subject: 'Reset your password' },
    });
  });

  it('serves an HTML mailbox page, escaping the mails', async () => {
    const email = uniqueEmail('<b>');
    await server().client().postForm('/api/auth/password/reset/', { email: 'x@example.com' });
    const page = await server()
      .client()
      .get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h1>Development mailbox</h1>');
    expect(html).toContain('<label for="to">');
    expect(html).not.toContain('<b>');
  });

  it('lists every address without ?to=', async () => {
    const response = await server().client().get('/api/dev/mails/');
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it('delivers by SMTP when SMTP_URL is set, and keeps nothing in the mailbox', async () => {
    const sink = await smtpSink();
    try {
      const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
      const mailer = createMailer({
        config,
        db: server().db,
        logger: server().logger,
        clock: testClock(),
      });
      const to = uniqueEmail();
      await mailer.send({
        to,
        subject: 'Over SMTP',
        text: 'Hello',
        html: '<p>Hello</p>',
        headers: {},
      });
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]?.recipients).toEqual([`<${to}>`]);
      expect(sink.received[0]?.data).toMatch(/^Subject: Over SMTP$/m);
      expect(await mailsTo(server(), to)).toEqual([]);
    } finally {
      await sink.close();
    }
  });
});

describe('production mode', () => {
  const production = useTestServer({
    env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) },
  });

  it.each([
    '/api/dev/mails/?to=a@example.com',
    '/dev/mailbox',
    '/sandbox/idp/yandex/authorize?response_type=code',
    '/api/auth/social/yandex/start/?intent=login',
    '/api/auth/social/google/callback/?state=x&code=y',
  ])('answers 404 for %s', async (path) => {
    const response = await production().client().get(path);
    expect(response.status).toBe(404);
  });

  it('still stores the mails without SMTP_URL and warns once', () => {
    expect(production().logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('SMTP_URL') }),
    );
  });
});
