import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  Request,
} from 'playwright-core';
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
/**
 * React's production errors of a hydration that failed: text or markup unlike the
 * server's (418, 425), a part the server could not finish (419), an update during it
 * (421, 422, 423).
 */
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|[Hh]ydrat/;

/** The requests of every context made here that have not ended yet: whose, and since when. */
const inFlight = new Map<Request, { context: BrowserContext; page: Page | null; since: number }>();

/** The page a request is for; none for a service worker's. */
const pageOf = (request: Request): Page | null => {
  try {
    return request.frame().page();
  } catch {
    return null;
  }
};

/**
 * Waits for the page's network to go quiet (no request for half a second). A page that
 * never does fails naming the requests still open, and for how long.
 */
export async function networkIdle(page: Page): Promise<void> {
  try {
    await page.waitForLoadState('networkidle');
  } catch (error) {
    const now = Date.now();
    const open = [...inFlight]
      .filter(([, of]) => of.page === page)
      .map(
        ([request, { since }]) =>
          `${request.method()} ${request.url()} (${request.resourceType()}, ${Math.round((now - since) / 1000)} s)`,
      );
    throw new Error(
      `${page.url()} never went quiet; open: ${open.join(', ') || 'no request this context saw'}`,
      { cause: error },
    );
  }
}

/**
 * A context's own requests (`context.request`, `page.request`) go through a keep-alive
 * pool that never drops an idle socket itself: one the server closes at its keep-alive
 * timeout can be written to just before the client hears the close, and the request
 * ends in ECONNRESET having reached no one. A browser sends such a request again; so do
 * these, for reads only (a write that may have been received is not sent twice).
 */
function retryReadsOnReset(context: BrowserContext): void {
  const { request } = context;
  const get = request.get.bind(request);
  request.get = (url, options) => get(url, { maxRetries: 2, ...options });
}

export function useChromium(each?: {
  options?: BrowserContextOptions;
  set: (context: BrowserContext, page: Page) => void;
}): Chromium {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  // Lingui warns of a message id its loaded catalog lacks: the page would show the id.
  // The catalog loads in parts (decision 0009), so every page checks it has its texts.
  const missingTexts: string[] = [];
  // React could not take over a page the server drew (decision 0034) as it was drawn: it
  // drew the page again, or part of it, and says so with one of these errors.
  const takeOverErrors: string[] = [];
  const chromium: Chromium = {
    async newContext(options = {}) {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        locale: 'en-US',
        ...options,
      });
      context.on('request', (request) =>
        inFlight.set(request, { context, page: pageOf(request), since: Date.now() }),
      );
      context.on('requestfinished', (request) => inFlight.delete(request));
      context.on('requestfailed', (request) => inFlight.delete(request));
      context.on('close', () => {
        for (const [request, of] of inFlight) if (of.context === context) inFlight.delete(request);
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
      context.on('weberror', (error) => {
        const text = error.error().message;
        if (HYDRATION_ERROR.test(text))
          takeOverErrors.push(`${error.page()?.url() ?? ''}: ${text.split('\n')[0] ?? ''}`);
      });
      retryReadsOnReset(context);
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
    const takeOver = takeOverErrors.splice(0);
    if (takeOver.length > 0)
      throw new Error(`A page the server drew was drawn again:\n${takeOver.join('\n')}`);
    const missing = missingTexts.splice(0);
    if (missing.length > 0)
      throw new Error(`Texts missing from the catalog:\n${missing.join('\n')}`);
  });
  return chromium;
}
