import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchChromium } from './browser.ts';

export interface Chromium {
  /** A context on the test server (English unless told otherwise), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * One Chromium per test file. Given `each`, every test starts with a fresh context
 * and page, handed over before it runs; every context is closed after its test.
 */
export function useChromium(each?: {
  options?: BrowserContextOptions;
  set: (context: BrowserContext, page: Page) => void;
}): Chromium {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  const chromium: Chromium = {
    async newContext(options = {}) {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        locale: 'en-US',
        ...options,
      });
      open.push(context);
      return context;
    },
  };
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  if (each) {
    beforeEach(async () => {
      const context = await chromium.newContext(each.options);
      each.set(context, await context.newPage());
    });
  }
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return chromium;
}
