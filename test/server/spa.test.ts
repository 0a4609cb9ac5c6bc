import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaths, type AnsweredRead } from '../../contract/page-reads.ts';
import { DESCRIPTIONS, REBUILD_SEEN_WITHIN_MS } from '../../server/spa.ts';
import { buy, json, signedIn } from './billing.ts';
import { saveProfile } from './identity.ts';
import { useTestServer } from './harness.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head><meta name="description" content="" /><meta name="portal-locale" content="en" /><script type="module" src="/assets/index-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>`;

const APP_JS = 'console.log("app")';

/**
 * What Vite's manifest says of the two catalogs, the API client and the signed-in
 * pages' chunk with its imports (and of something else).
 */
const MANIFEST = {
  'src/locales/en/messages.po': { file: 'assets/messages-en111.js', isDynamicEntry: true },
  'src/locales/ru/messages.po': { file: 'assets/messages-ru222.js', isDynamicEntry: true },
  'src/locales/en/pages.po': { file: 'assets/pages-en444.js', isDynamicEntry: true },
  'node_modules/ofetch/dist/index.mjs': { file: 'assets/dist-555.js', isDynamicEntry: true },
  '_account-777.js': {
    file: 'assets/account-777.js',
    name: 'account',
    imports: ['_rolldown-runtime-999.js', '_ui-888.js', 'index.html'],
  },
  '_ui-888.js': {
    file: 'assets/ui-888.js',
    name: 'ui',
    imports: ['_rolldown-runtime-999.js', 'index.html'],
  },
  '_rolldown-runtime-999.js': { file: 'assets/rolldown-runtime-999.js' },
  'index.html': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    imports: ['_rolldown-runtime-999.js'],
  },
};

// The static folder must exist before useTestServer's beforeAll builds the app.
const staticDir = path.join(tmpdir(), `portal-spa-${process.pid}-${Date.now()}`);
beforeAll(async () => {
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), INDEX);
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), APP_JS);
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(staticDir, 'assets', 'index-abc123.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(staticDir, '.secret'), 'hidden');
  await mkdir(path.join(staticDir, '.vite'));
  await writeFile(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(staticDir, 'robots.txt'), await readFile('public/robots.txt'));
});
afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});

// A budget no busy machine reaches: these tests check which reads a page carries
// (test/server/page-reads.test.ts checks the budget).
const server = useTestServer({ env: { STATIC_DIR: staticDir, PAGE_READS_BUDGET_MS: '60000' } });

describe('SPA serving', () => {
  it("preloads the page's own catalog, and only that one, read anew from a changed manifest", async () => {
    const english = await (await server().client().get('/en/login/1')).text();
    expect(english).toContain(
      '<link rel="modulepreload" href="/assets/messages-en111.js" /></head>',
    );
    expect(english).not.toContain('messages-ru222');
    const russian = await (await server().client().get('/ru/profile')).text();
    expect(russian).toContain('<link rel="modulepreload" href="/assets/messages-ru222.js" />');
    expect(russian).not.toContain('messages-en111');
    // A rebuild writes a new manifest: the next page names the new file.
    const rebuilt = {
      ...MANIFEST,
      'src/locales/en/messages.po': { file: 'assets/messages-en333.js' },
    };
    const manifest = path.join(staticDir, '.vite', 'manifest.json');
    await writeFile(manifest, JSON.stringify(rebuilt));
    await utimes(manifest, new Date(), new Date(Date.now() + 5_000));
    // Looked at again a second after the last look, not sooner.
    const englishPage = async () => (await server().client().get('/en/login/1')).text();
    server().clock.advance(REBUILD_SEEN_WITHIN_MS - 1);
    expect(await englishPage()).toContain('href="/assets/messages-en111.js"');
    server().clock.advance(1);
    expect(await englishPage()).toContain('href="/assets/messages-en333.js"');
    await writeFile(manifest, JSON.stringify(MANIFEST));
    await utimes(manifest, new Date(), new Date(Date.now() + 10_000));
    server().clock.advance(REBUILD_SEEN_WITHIN_MS);
    // Where a session cookie comes, the API client, the rest of the catalog and the
    // signed-in pages' code too, after what it imports; not what the main script
    // imports (its own HTML names that).
    const visitor = await server().client().get('/en/profile');
    expect(await visitor.text()).not.toMatch(/pages-en444|dist-555|account-777|ui-888/);
    expect(visitor.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(visitor.headers.get('vary')).toMatch(/cookie/i);
    const signedIn = await server()
      .client()
      .request('/en/profile', { headers: { cookie: 'sessionid=anything' } });
    expect(await signedIn.text()).toContain(
      '<link rel="modulepreload" href="/assets/messages-en111.js" />' +
        '<link rel="modulepreload" href="/assets/dist-555.js" />' +
        '<link rel="modulepreload" href="/assets/pages-en444.js" />' +
        '<link rel="modulepreload" href="/assets/ui-888.js" />' +
        '<link rel="modulepreload" href="/assets/account-777.js" /></head>',
    );
    // The manifest itself is never served.
    expect((await server().client().get('/.vite/manifest.json')).status).not.toBe(200);
  });

  it('serves a rebuilt index.html without a restart, in each language', async () => {
    const index = path.join(staticDir, 'index.html');
    for (const urlPath of ['/en/login/1', '/ru/login/1'])
      expect(await (await server().client().get(urlPath)).text()).toContain('index-abc123.js');
    try {
      // The same size: only the time says it changed.
      await writeFile(index, INDEX.replace('index-abc123.js', 'index-def456.js'));
      await utimes(index, new Date(), new Date(Date.now() + 5_000));
      server().clock.advance(REBUILD_SEEN_WITHIN_MS);
      for (const urlPath of ['/en/login/1', '/ru/login/1']) {
        const page = await (await server().client().get(urlPath)).text();
        expect(page).toContain('/assets/index-def456.js');
        expect(page).not.toContain('index-abc123');
      }
    } finally {
      await writeFile(index, INDEX);
      await utimes(index, new Date(), new Date(Date.now() + 10_000));
      server().clock.advance(REBUILD_SEEN_WITHIN_MS);
    }
    expect(await (await server().client().get('/en/login/1')).text()).toContain('index-abc123.js');
  });

  it('redirects / to the login page of the visitor locale, keeping the query', async () => {
    const plain = await server().client().get('/');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/en/login/1');
    const russian = await server()
      .client()
      .get('/?next=%2Fen%2Fprofile', { headers: { 'Accept-Language': 'ru-RU,ru;q=0.9' } });
    expect(russian.headers.get('location')).toBe('/ru/login/1?next=%2Fen%2Fprofile');
  });

  it.each([
    ['/ru', 'ru'],
    ['/ru/profile', 'ru'],
    ['/en/login/1', 'en'],
  ] as const)('serves %s with the locale written into the HTML', async (urlPath, locale) => {
    const response = await server().client().get(urlPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<meta name="portal-locale" content="${locale}" />`);
    expect(html).toContain(`<meta name="description" content="${DESCRIPTIONS[locale]}" />`);
  });

  it('serves robots.txt as text, keeping crawlers to the public pages', async () => {
    const response = await server().client().get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it('redirects an unprefixed path by the locale cookie first', async () => {
    const client = server().client();
    client.cookies.set('locale', 'ru');
    const response = await client.get('/subscription/update?plan=premium', {
      headers: { 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/ru/subscription/update?plan=premium');
  });

  it('redirects an unprefixed path by Accept-Language, else en', async () => {
    const ru = await server()
      .client()
      .get('/profile', { headers: { 'Accept-Language': 'de;q=1, ru;q=0.5' } });
    expect(ru.headers.get('location')).toBe('/ru/profile');
    const other = server().client();
    other.cookies.set('locale', 'fr');
    const en = await other.get('/profile', { headers: { 'Accept-Language': 'de, fr' } });
    expect(en.headers.get('location')).toBe('/en/profile');
  });

  it('serves hashed assets as immutable with their type', async () => {
    const response = await server().client().get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('serves other files with their type', async () => {
    const response = await server().client().get('/favicon.svg');
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('never serves hidden files or escapes the folder', async () => {
    for (const urlPath of [
      '/.secret',
      '/assets/../.secret',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2e%2e%2f.secret',
    ]) {
      const response = await server().client().get(urlPath);
      expect(response.status, urlPath).toBe(302);
      expect(await response.text()).not.toContain('hidden');
    }
  });

  it('sends the security headers and the CSRF cookie with pages', async () => {
    const response = await server().client().get('/en/profile');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers.getSetCookie().some((h) => h.startsWith('csrftoken='))).toBe(true);
  });
});

describe('without a build', () => {
  const unbuilt = useTestServer({ env: { STATIC_DIR: path.join(staticDir, 'missing') } });

  it('answers 503 saying to run npm run build', async () => {
    const response = await unbuilt().client().get('/en/login/1');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});

describe('compression and caching', () => {
  const JS = '/assets/index-abc123.js';
  const get = (urlPath: string, headers: Record<string, string> = {}) =>
    server().client().get(urlPath, { headers });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
  ])('sends a built file precompressed for Accept-Encoding %j', async (accept, encoding) => {
    const answer = await get(JS, { 'Accept-Encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe(encoding);
    expect(answer.headers.get('content-type')).toContain('javascript');
    expect(answer.headers.get('vary')).toContain('Accept-Encoding');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await answer.arrayBuffer());
    const decode =
      { br: brotliDecompressSync, gzip: gunzipSync }[encoding ?? ''] ?? ((b: Buffer) => b);
    expect(decode(body).toString()).toBe(APP_JS);
  });

  it('answers 304 to a file or a page the browser holds already', async () => {
    for (const urlPath of ['/favicon.svg', '/en/login/1']) {
      const first = await get(urlPath);
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"/);
      const again = await get(urlPath, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
    // Another locale is another page.
    const en = (await get('/en/login/1')).headers.get('etag') ?? '';
    expect((await get('/ru/login/1', { 'If-None-Match': en })).status).toBe(200);
  });

  it('sends a JSON answer under 1 KiB as it is, and none to a client that refuses gzip', async () => {
    const small = await get('/api/v1/profile/', { 'Accept-Encoding': 'gzip' });
    expect(small.status).toBe(401);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBe('Accept-Encoding');
    expect(((await small.json()) as { code: string }).code).toBe('not_authenticated');
    const refused = await get('/api/v1/countries/', { 'Accept-Encoding': 'gzip;q=0, br' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('compresses JSON answers for a client that takes gzip', async () => {
    const answer = await get('/api/v1/countries/', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    const countries = JSON.parse(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString());
    expect(Array.isArray(countries) || typeof countries === 'object').toBe(true);
    const plain = await get('/api/v1/countries/');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

describe("a signed-in user's page carries its first reads (decision 0009)", () => {
  const READS = /<script type="application\/json" id="portal-reads">(.*?)<\/script>/s;
  const readsOf = (html: string): AnsweredRead[] | null => {
    const found = READS.exec(html);
    return found?.[1] === undefined ? null : (JSON.parse(found[1]) as AnsweredRead[]);
  };

  it("carries the session's and the profile's reads, each the API's own answer to this user", async () => {
    const { user, client } = await signedIn(server());
    const response = await client.get('/en/profile');
    // Not stored: Back would show the first visit's reads without asking (decision 0304).
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const reads = readsOf(await response.text());
    expect(reads?.map((read) => read.path)).toEqual([
      'v1/profile/',
      'v1/teams/',
      'v1/countries/',
      'v1/profile/social/',
    ]);
    expect(reads?.[0]?.answer).toMatchObject({ username: user.username, email: user.email });
    for (const read of reads ?? [])
      expect(read.answer).toEqual(await json(await client.get(`/api/${read.path}`)));
  });

  it('sends the same page gzipped to a browser that takes gzip, and as text to one that does not', async () => {
    const { client } = await signedIn(server());
    const plain = await client.get('/en/profile');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(readsOf(text)).not.toBeNull();
    const zipped = await client.get('/en/profile', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    // gunzip checks the stream's checksum and length as well as its blocks.
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text);
  });

  it("carries the checkout's reads for a paid plan and period, 'annually' read as yearly", async () => {
    const { client } = await signedIn(server());
    const paths = async (query: string) =>
      readsOf(await (await client.get(`/ru/subscription/update/${query}`)).text())?.map(
        (read) => `${read.path}${read.query ? `?${new URLSearchParams(read.query)}` : ''}`,
      );
    const session = ['v1/profile/', 'v1/teams/'];
    const plans = ['subscription/', 'v1/subscription/prices/'];
    expect(await paths('?plan=premium&period=annually')).toEqual([
      ...session,
      ...plans,
      'subscription/convertion/?plan=premium&interval=yearly',
      'subscription/in_advance/?plan=premium&interval=yearly',
      'v1/countries/',
    ]);
    expect(await paths('?plan=free&period=monthly')).toEqual([...session, ...plans]);
    expect(await paths('?plan=premium&period=__proto__')).toEqual([...session, ...plans]);
    expect(await paths('?plan=toString&period=monthly')).toEqual([...session, ...plans]);
  });

  it("carries the subscription page's reads, the autopayment once there is one, none after a payment", async () => {
    const { client } = await signedIn(server());
    const paths = async (query = '') =>
      readsOf(await (await client.get(`/en/subscription${query}`)).text())?.map(
        (read) => read.path,
      );
    const session = ['v1/profile/', 'v1/teams/'];
    // A free plan has no autopayment: its 404 is not carried, the page hears it itself.
    const history = ['v1/payments/', 'v1/card/'];
    expect(await paths()).toEqual([
      ...session,
      'subscription/',
      'v1/subscription/prices/',
      ...history,
    ]);
    await buy(server(), client);
    const reads = readsOf(await (await client.get('/en/subscription')).text());
    expect(reads?.map((read) => read.path)).toEqual([
      ...session,
      'subscription/',
      'v1/subscription/prices/',
      'autopayment/',
      ...history,
    ]);
    expect(reads?.[5]?.query).toEqual({ page: '1' });
    expect(reads?.[4]).toEqual({
      path: 'autopayment/',
      answer: await json(await client.get('/api/autopayment/')),
    });
    // Back from the provider: the page polls first and reads what the payment made after.
    expect(await paths('?scenario=creation&payment-attempt-status=success')).toEqual(session);
    expect(await paths('?payment-attempt-status=nonsense')).toEqual(reads?.map((r) => r.path));
  });

  it('carries the web GIS where the profile names one', async () => {
    const { client } = await signedIn(server());
    const created = await client.postJson('/api/v1/webgis/', {
      language: 'en',
      location_id: 'eu-central',
      subdomain_name: `reads${Date.now()}`,
    });
    expect(created.status).toBe(201);
    const reads = readsOf(await (await client.get('/en/webgis')).text());
    expect(reads?.map((read) => read.path)).toEqual(['v1/profile/', 'v1/teams/', 'v1/webgis/my/']);
    expect(reads?.[2]?.answer).toEqual(await json(await client.get('/api/v1/webgis/my/')));
  });

  it("carries on every signed-in page each read as the API answers it, in the page's language", async () => {
    const pages = [
      '/profile',
      '/security',
      '/software',
      '/myngidonpremises',
      '/teammanage',
      '/teammanage/owner',
      '/subscription',
      '/subscription/update?plan=premium&period=monthly',
      '/webgis',
    ];
    // A user with a country, and one without, whose prices follow the page's language.
    for (const [fields, language] of [
      [{ country: 'DE' }, 'en'],
      [{}, 'ru'],
    ] as const) {
      const { client } = await signedIn(server(), fields);
      await buy(server(), client);
      const created = await client.postJson('/api/v1/webgis/', {
        language: 'en',
        location_id: 'eu-central',
        subdomain_name: `every${language}${Date.now()}`,
      });
      expect(created.status).toBe(201);
      const headers = { 'Accept-Language': language };
      const carried = new Set<string>();
      for (const page of pages) {
        const html = await (await client.get(`/${language}${page}`, { headers })).text();
        for (const read of readsOf(html) ?? []) {
          const query = read.query ? `?${new URLSearchParams(read.query)}` : '';
          const api = await client.get(`/api/${read.path}${query}`, { headers });
          expect(api.status).toBe(200);
          expect(JSON.stringify(read.answer), `${page}: ${read.path}`).toBe(
            JSON.stringify(await json(api)),
          );
          carried.add(read.path);
        }
      }
      // Every read a page carries was carried at least once here.
      expect([...carried].sort()).toEqual(Object.values(readPaths).sort());
    }
  });

  it('carries nothing without a session cookie, or with one naming no session', async () => {
    const visitor = await server().client().get('/en/profile');
    expect(readsOf(await visitor.text())).toBeNull();
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    const forged = server().client();
    forged.cookies.set('sessionid', 'A'.repeat(43));
    const page = await forged.get('/en/profile');
    expect(page.status).toBe(200);
    expect(readsOf(await page.text())).toBeNull();
  });

  it('tags the page by its reads: the same reads answer 304, a changed one the new page', async () => {
    const { client } = await signedIn(server());
    const first = await client.get('/en/profile');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect((await client.get('/en/profile', { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    );
    const renamed = await saveProfile(client, { first_name: 'Renamed' });
    expect(renamed.status).toBe(200);
    const again = await client.get('/en/profile', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).not.toBe(etag);
    expect(readsOf(await again.text())?.[0]?.answer).toMatchObject({ first_name: 'Renamed' });
  });

  it('writes what the user typed so that it cannot end the script element', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const { client } = await signedIn(server(), { firstName: name });
    const html = await (await client.get('/en/profile')).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!--');
    expect(readsOf(html)?.[0]?.answer).toMatchObject({ first_name: name });
  });
});
