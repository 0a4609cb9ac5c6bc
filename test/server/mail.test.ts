import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer.ts';
import { testClock, testConfig, useTestServer } from './harness.ts';
import { mailsTo, startSignup, uniqueEmail } from './identity.ts';

const server = useTestServer();

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

  it('chooses SMTP when SMTP_URL is set', () => {
    const config = testConfig({ SMTP_URL: 'smtp://localhost:2525' });
    const mailer = createMailer({
      config,
      db: server().db,
      logger: server().logger,
      clock: testClock(),
    });
    expect(typeof mailer.send).toBe('function');
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
