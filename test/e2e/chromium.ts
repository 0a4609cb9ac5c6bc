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
  // Lingui warns of a message id its loaded catalog lacks: the page would show the id.
  // The catalog loads in parts (decision 0009), so every page checks it has its texts.
  const missingTexts: string[] = [];
  const chromium: Chromium = {
    async newContext(options = {}) {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        locale: 'en-US',
        ...options,
      });
      context.on('console', (message) => {
        if (message.text().startsWith('Uncompiled message detected')) {
          missingTexts.push(
            `${message.page()?.url() ?? ''}: ${message.text().split('\n')[2] ?? ''}`,
          );
        }
        // A text asked for before the catalog was there: the page shows nothing in its place.
        if (message.text().includes('translation function without setting a locale')) {
          missingTexts.push(`${message.page()?.url() ?? ''}: a text asked for before the catalog`);
        }
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
    const missing = missingTexts.splice(0);
    if (missing.length > 0)
      throw new Error(`Texts missing from the catalog:\n${missing.join('\n')}`);
  });
  return chromium;
}
