import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSink, type EnvelopeSink } from '../server/envelope-sink.ts';
import { networkIdle, useChromium } from './chromium.ts';
import { startServer, type RunningServer } from './server.ts';

const chromium = useChromium();

/**
 * A server with SENTRY_DSN pointing at a local envelope sink: the SPA loads the SDK and
 * reports a thrown error once, without personal data; without the DSN the page never
 * loads the SDK's chunk.
 */
describe('error reporting in the browser', () => {
  let sink: EnvelopeSink;
  let server: RunningServer;
  beforeAll(async () => {
    sink = await envelopeSink();
    server = await startServer({ SENTRY_DSN: `http://publickey@127.0.0.1:${sink.port}/1` });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => sink?.server.close(resolve));
  });

  it('reports a thrown client error once, with release and environment, nothing personal', async () => {
    const context = await chromium.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/en/login/1?email=dora@example.com');
    await page.getByRole('button').first().waitFor();
    // The SDK loads beside the start; the page's values name the DSN.
    await expect
      .poll(() => page.evaluate(() => typeof (window as { __SENTRY__?: unknown }).__SENTRY__))
      .toBe('object');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom for dora@example.com with code 123456');
      });
    });
    await expect
      .poll(() => sink.items.filter((item) => item.header.type === 'event').length, {
        timeout: 15_000,
      })
      .toBe(1);
    // Nothing more arrives for the same error.
    await page.waitForTimeout(1000);
    const events = sink.items.filter((item) => item.header.type === 'event');
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({
      release: expect.stringMatching(/^account-portal@/),
      environment: 'development',
      exception: {
        values: [expect.objectContaining({ value: 'boom for [email] with code [code]' })],
      },
    });
    const everything = JSON.stringify(sink.items);
    expect(everything).not.toContain('dora');
    expect(everything).not.toContain('123456');
  });

  it('loads no SDK without SENTRY_DSN', async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/en/login/1');
    await page.getByRole('button').first().waitFor();
    await networkIdle(page);
    expect(scripts.some((url) => /error-reporting/.test(url))).toBe(false);
    expect(await page.evaluate(() => typeof (window as { __SENTRY__?: unknown }).__SENTRY__)).toBe(
      'undefined',
    );
  });
});
