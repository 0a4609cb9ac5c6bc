import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  metaValues,
  RENDER_ENTRY,
  RENDER_LIMIT_MS,
  RENDER_WINDOW_MS,
  RENDERED_KEPT,
  RENDERS_WAITING,
} from '../../server/page-render.ts';
import { REBUILD_SEEN_WITHIN_MS, withFirstScreen } from '../../server/spa.ts';
import { useTestServer } from './harness.ts';

/*
 * A visitor's page with its first screen drawn by the app's server build (decision
 * 0034). The build here is a stand-in module that says what it was asked, so that these
 * tests check what the server does with it; test/e2e/first-screen.test.ts renders the
 * real app's.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head><meta name="portal-locale" content="en" /><meta name="portal-site" content="" /><meta name="portal-card-providers" content="" /><link rel="modulepreload" crossorigin href="/assets/runtime-1.js"><script type="module" crossorigin src="/assets/index-1.js"></script></head>
  <body><div id="root"></div></body>
</html>`;

interface Call {
  url: string;
  meta: Record<string, string>;
}
interface Calls {
  calls: Call[];
  active: number;
  most: number;
  gate: Promise<void> | null;
}
const seen = globalThis as unknown as { firstScreen: Calls };

/**
 * The stand-in build: `/fails` throws, `/elsewhere` is null, `/hangs` never ends,
 * anything else is its address.
 */
const renderModule = (version: string) => `
export async function renderPage({ url, meta }) {
  const seen = globalThis.firstScreen;
  seen.calls.push({ url, meta: Object.fromEntries(meta) });
  seen.active += 1;
  seen.most = Math.max(seen.most, seen.active);
  try {
    await (seen.gate ?? Promise.resolve());
    const { pathname, search } = new URL(url);
    if (pathname.endsWith('/fails')) throw new Error('the render failed');
    if (pathname.endsWith('/elsewhere')) return null;
    if (pathname.endsWith('/hangs')) await new Promise(() => {});
    return '<title>Page ${version}</title><main>${version} ' + pathname + search + '</main>';
  } finally {
    seen.active -= 1;
  }
}`;

const staticDir = path.join(tmpdir(), `portal-first-screen-${process.pid}-${Date.now()}`);
const entry = path.join(staticDir, RENDER_ENTRY);
let stamp = Date.now();
async function writeBuild(version: string) {
  await writeFile(entry, renderModule(version));
  stamp += 10_000;
  await utimes(entry, new Date(stamp), new Date(stamp));
}

beforeAll(async () => {
  await mkdir(path.dirname(entry), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), INDEX);
  await writeBuild('v1');
});
afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});
beforeEach(() => {
  seen.firstScreen = { calls: [], active: 0, most: 0, gate: null };
});

// A budget no busy machine reaches: a page waits for its screen (the stand-in's are at
// once), but for one that never comes (RENDER_LIMIT_MS).
const server = useTestServer({
  env: {
    STATIC_DIR: staticDir,
    PUBLIC_URL: 'https://account.example.org/',
    PAGE_READS_BUDGET_MS: '60000',
  },
});
const page = (address: string, headers: Record<string, string> = {}) =>
  server().client().request(address, { headers });
const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1];

describe("a visitor's page comes with its first screen", () => {
  it('drawn at its public address, with its title in the head and its scripts after it', async () => {
    const html = await (await page('/ru/login/1?next=%2Fru%2Fteams')).text();
    expect(rootOf(html)).toBe('<main>v1 /ru/login/1?next=%2Fru%2Fteams</main>');
    // Inert until the app has taken it over.
    expect(html).toContain('<div id="root" inert><main>');
    expect(html).toContain('<title>Page v1</title></head>');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src=');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href=');
    const [call] = seen.firstScreen.calls;
    expect(call?.url).toBe('https://account.example.org/ru/login/1?next=%2Fru%2Fteams');
    // The page's values as its HTML carries them, in its language.
    expect(call?.meta['portal-locale']).toBe('ru');
    expect(call?.meta['portal-card-providers']).toBe('yookassa stripe');
    expect(JSON.parse(call?.meta['portal-site'] ?? '')).toHaveProperty('support_email');
  });

  it('rendered once per page and address, tagged by it: the same page again costs no render', async () => {
    const first = await page('/en/signup/0');
    const etag = first.headers.get('etag') ?? '';
    expect(rootOf(await first.text())).toBe('<main>v1 /en/signup/0</main>');
    const again = await page('/en/signup/0');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await page('/en/signup/0', { 'if-none-match': etag })).toHaveProperty('status', 304);
    const other = await page('/en/signup/0?next=%2Fen%2Fteams');
    expect(other.headers.get('etag')).not.toBe(etag);
    expect(rootOf(await other.text())).toBe('<main>v1 /en/signup/0?next=%2Fen%2Fteams</main>');
    expect(seen.firstScreen.calls.map(({ url }) => new URL(url).search)).toEqual([
      '',
      '?next=%2Fen%2Fteams',
    ]);
    // A screen is kept per language: the Russian page is drawn apart.
    expect(rootOf(await (await page('/ru/signup/0')).text())).toBe('<main>v1 /ru/signup/0</main>');
    expect(seen.firstScreen.calls).toHaveLength(3);
  });

  it('sends the page gzipped as it was kept to a client that takes gzip, and the same text to one that does not', async () => {
    const zipped = await page('/en/reset?n=zipped', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    const again = await page('/en/reset?n=zipped', { 'accept-encoding': 'gzip' });
    // Kept as it is sent: the very bytes again, compressed once.
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const plain = await page('/en/reset?n=zipped', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(gunzipSync(bytes).toString()).toBe(text);
    expect(rootOf(text)).toBe('<main>v1 /en/reset?n=zipped</main>');
    expect(plain.headers.get('etag')).toBe(zipped.headers.get('etag'));
    expect(seen.firstScreen.calls).toHaveLength(1);
  });

  it('keeps a bounded number of screens, the least recently used dropped first', async () => {
    await page('/en/terms?n=first');
    for (let n = 0; n < RENDERED_KEPT; n += 1) {
      await page(`/en/terms?n=${n}`);
      // The first is used again halfway, so it is not the oldest when the cache is full.
      if (n === RENDERED_KEPT / 2) await page('/en/terms?n=first');
    }
    const renders = seen.firstScreen.calls.length;
    await page('/en/terms?n=first');
    expect(seen.firstScreen.calls).toHaveLength(renders);
    // RENDERED_KEPT of the RENDERED_KEPT + 1 pages are kept: the second oldest still is.
    await page('/en/terms?n=1');
    expect(seen.firstScreen.calls).toHaveLength(renders);
    await page('/en/terms?n=0');
    expect(seen.firstScreen.calls).toHaveLength(renders + 1);
  });

  it('puts the screen in as it is: a `$` in it is no replacement pattern', () => {
    const page = '<head></head><body><div id="root"></div></body>';
    expect(withFirstScreen(page, "<title>$' t</title><p>$& $1 $$</p>")).toBe(
      '<head><title>$\' t</title></head><body><div id="root" inert><p>$& $1 $$</p></div></body>',
    );
  });

  it('takes a title only where the screen starts with it', () => {
    const page = '<head></head><body><div id="root"></div></body>';
    expect(withFirstScreen(page, '<p>no title</p>')).toBe(
      '<head></head><body><div id="root" inert><p>no title</p></div></body>',
    );
    expect(withFirstScreen(page, '<p>a</p><title>b</title>')).toBe(
      '<head></head><body><div id="root" inert><p>a</p><title>b</title></div></body>',
    );
  });

  it('reads the values as the page wrote them, its escaped characters back as they were', () => {
    const html =
      '<meta name="portal-site" content="{&quot;a&quot;:&quot;&lt;b&gt; &amp;amp;&quot;}" />' +
      '<meta name="description" content="not ours" /><meta name="portal-errors" content="" />';
    expect(metaValues(html)).toEqual(
      new Map([
        ['portal-site', '{"a":"<b> &amp;"}'],
        ['portal-errors', ''],
      ]),
    );
  });
});

describe('a page goes without its first screen, as before, and the browser draws it', () => {
  it('for a signed-in user, whose page carries its reads instead', async () => {
    const html = await (await page('/en/login/1', { cookie: 'sessionid=anything' })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src=');
    expect(seen.firstScreen.calls).toEqual([]);
  });

  it('where the render fails (logged) or sends the visitor elsewhere', async () => {
    const failed = await page('/en/fails');
    expect(failed.status).toBe(200);
    expect(rootOf(await failed.text())).toBe('');
    expect(server().logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'a page did not render on the server' }),
    );
    expect(rootOf(await (await page('/en/elsewhere')).text())).toBe('');
    // Where it sends the visitor elsewhere, it does every time: that is kept too.
    expect(rootOf(await (await page('/en/elsewhere')).text())).toBe('');
    expect(seen.firstScreen.calls.map(({ url }) => new URL(url).pathname)).toEqual([
      '/en/fails',
      '/en/elsewhere',
    ]);
  });

  it('past its time limit, after which the next page renders', async () => {
    const started = Date.now();
    expect(rootOf(await (await page('/en/hangs')).text())).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_LIMIT_MS - 50);
    const warning = server()
      .logger.entries.filter((entry) => entry.message === 'a page did not render on the server')
      .at(-1);
    expect(warning?.fields).toEqual({
      page: '/en/hangs',
      error: new Error(`not rendered within ${RENDER_LIMIT_MS} ms`),
    });
    expect(rootOf(await (await page('/en/after-hang')).text())).toBe(
      '<main>v1 /en/after-hang</main>',
    );
  });

  it('past the renders under way and waiting, drawn one at a time', async () => {
    let open = () => {};
    seen.firstScreen.gate = new Promise((resolve) => (open = resolve));
    const count = RENDERS_WAITING + 3;
    let answered = 0;
    const pages = Array.from({ length: count }, (_, n) =>
      page(`/en/password/reset?n=${n}`).then((answer) => {
        answered += 1;
        return answer;
      }),
    );
    // While the first render is held, the pages past those waiting answer without screens.
    await vi.waitFor(() => expect(answered).toBe(count - RENDERS_WAITING), { timeout: 20_000 });
    expect(seen.firstScreen.calls).toHaveLength(1);
    open();
    const roots = await Promise.all(
      pages.map(async (answer) => rootOf(await (await answer).text())),
    );
    expect(roots.filter((root) => root === '')).toHaveLength(count - RENDERS_WAITING);
    expect(seen.firstScreen.calls).toHaveLength(RENDERS_WAITING);
    expect(seen.firstScreen.most).toBe(1);
  });

  it('while the renders of the last window took more than their share of it, and after it again', async () => {
    const share = 0.25 * RENDER_WINDOW_MS; // PAGE_RENDER_SHARE's default
    /** A new page whose render takes `ms` by the server's clock: its screen. */
    const renderTaking = async (address: string, ms: number) => {
      let open = () => {};
      seen.firstScreen.gate = new Promise((resolve) => (open = resolve));
      const held = page(address);
      await vi.waitFor(() => expect(seen.firstScreen.active).toBe(1), { timeout: 20_000 });
      server().clock.advance(ms);
      open();
      const root = rootOf(await (await held).text());
      seen.firstScreen.gate = null;
      return root;
    };
    // Their share exactly is not more than it: the next new page renders.
    expect(await renderTaking('/en/share?a', share)).toBe('<main>v1 /en/share?a</main>');
    expect(rootOf(await (await page('/en/share?b')).text())).toBe('<main>v1 /en/share?b</main>');
    // A millisecond more, and a new page goes unrendered; one kept is served as kept.
    expect(await renderTaking('/en/share?c', 1)).toBe('<main>v1 /en/share?c</main>');
    expect(rootOf(await (await page('/en/share?d')).text())).toBe('');
    expect(rootOf(await (await page('/en/share?a')).text())).toBe('<main>v1 /en/share?a</main>');
    // Past the window, the page skipped renders.
    server().clock.advance(RENDER_WINDOW_MS);
    expect(rootOf(await (await page('/en/share?d')).text())).toBe('<main>v1 /en/share?d</main>');
    // Long after, renders long gone count for nothing, neither for nor against.
    server().clock.advance(3 * RENDER_WINDOW_MS);
    expect(await renderTaking('/en/share?e', share + 1)).toBe('<main>v1 /en/share?e</main>');
    expect(rootOf(await (await page('/en/share?f')).text())).toBe('');
    // The tests after this one find the renders' time free.
    server().clock.advance(RENDER_WINDOW_MS);
    expect(seen.firstScreen.calls.map(({ url }) => new URL(url).search)).toEqual([
      '?a',
      '?b',
      '?c',
      '?d',
      '?e',
    ]);
  });

  it('until a rebuild, whose build draws the pages from then on', async () => {
    expect(rootOf(await (await page('/en/privacy')).text())).toBe('<main>v1 /en/privacy</main>');
    await writeBuild('v2');
    server().clock.advance(REBUILD_SEEN_WITHIN_MS);
    expect(rootOf(await (await page('/en/privacy')).text())).toBe('<main>v2 /en/privacy</main>');
  });
});

describe('a page waits for its screen its time budget at most (PAGE_READS_BUDGET_MS)', () => {
  const hurried = useTestServer({ env: { STATIC_DIR: staticDir, PAGE_READS_BUDGET_MS: '1' } });

  it('and goes without it; the screen, when it comes, is kept for the next visit', async () => {
    let open = () => {};
    seen.firstScreen.gate = new Promise((resolve) => (open = resolve));
    const first = await hurried().client().get('/en/login/1?budget');
    expect(rootOf(await first.text())).toBe('');
    open();
    await vi.waitFor(() => expect(seen.firstScreen.active).toBe(0), { timeout: 20_000 });
    const again = await hurried().client().get('/en/login/1?budget');
    expect(rootOf(await again.text())).toMatch(/^<main>v\d \/en\/login\/1\?budget<\/main>$/);
    expect(seen.firstScreen.calls).toHaveLength(1);
  });
});

describe('without a server build of the app', () => {
  const bare = path.join(tmpdir(), `portal-no-server-build-${process.pid}-${Date.now()}`);
  beforeAll(async () => {
    await mkdir(bare, { recursive: true });
    await writeFile(path.join(bare, 'index.html'), INDEX);
  });
  afterAll(async () => {
    await rm(bare, { recursive: true, force: true });
  });
  const unbuilt = useTestServer({ env: { STATIC_DIR: bare } });

  it('a page goes without its screen, as the browser draws it', async () => {
    const answer = await unbuilt().client().get('/en/login/1');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src=');
    expect(unbuilt().logger.entries.filter((entry) => entry.level !== 'info')).toEqual([]);
  });

  it('nor with a server build that does not load or has no render (logged)', async () => {
    const unrendered = async () =>
      rootOf(await (await unbuilt().client().get('/en/login/1')).text());
    const errors = () =>
      unbuilt()
        .logger.entries.filter((entry) => entry.level === 'error')
        .map((entry) => entry.message);
    const entry = path.join(bare, RENDER_ENTRY);
    await mkdir(path.dirname(entry), { recursive: true });
    await writeFile(entry, 'export const other = 1;');
    // The server looks for a build once a second.
    unbuilt().clock.advance(REBUILD_SEEN_WITHIN_MS);
    expect(await unrendered()).toBe('');
    expect(errors()).toEqual(['the server build of the app has no renderPage']);
    await writeFile(entry, "throw new Error('a broken build');");
    await utimes(entry, new Date(stamp + 1), new Date(stamp + 1));
    unbuilt().clock.advance(REBUILD_SEEN_WITHIN_MS);
    expect(await unrendered()).toBe('');
    expect(errors()).toEqual([
      'the server build of the app has no renderPage',
      'the server build of the app did not load',
    ]);
  });
});
