import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ReleaseList, productIds, type Release } from '../../contract/software.ts';
import { eq } from 'drizzle-orm';
import { releases, users } from '../../server/db/schema.ts';
import { DOWNLOAD_LINK_TTL_MS } from '../../server/software/download-links.ts';
import { signedIn } from './billing.ts';
import { useTestServer, type TestClient } from './harness.ts';

/*
 * GET /api/v1/releases and /api/v1/releases/{id}/download: the list, the download's
 * headers and ranges, and every way out of the releases folder we could think of.
 */

// A folder of our own, made before the server starts (useTestServer reads its env now).
const base = mkdtempSync(path.join(tmpdir(), 'portal-releases-'));
const dir = path.join(base, 'releases');
mkdirSync(path.join(dir, 'qgis'), { recursive: true });
const content = Buffer.from(
  Array.from({ length: 1000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(''),
);
const big = Buffer.alloc(300 * 1024 + 7, 'x');
for (let i = 0; i < big.length; i += 1000) big[i] = 48 + ((i / 1000) % 10);
writeFileSync(path.join(dir, 'qgis/setup.exe'), content);
writeFileSync(path.join(dir, 'qgis/empty.dmg'), '');
writeFileSync(path.join(dir, 'qgis/big.exe'), big);
writeFileSync(path.join(dir, 'qgis/swapped.exe'), 'soon a link');
writeFileSync(path.join(base, 'outside.txt'), 'secret outside the folder');
const release = (id: number, os: string, file: string) => ({
  id,
  product: 'qgis',
  name: `QGIS ${id}`,
  version: '3.40.1',
  tags: ['latest'],
  options: { os, dist: 'network', type: 'stable' },
  file,
});
writeFileSync(
  path.join(dir, 'manifest.json'),
  JSON.stringify({
    releases: [
      release(1, 'win64', 'qgis/setup.exe'),
      release(3, 'mac', 'qgis/empty.dmg'),
      release(4, 'win64', 'qgis/big.exe'),
      release(5, 'win64', 'qgis/swapped.exe'),
      {
        id: 2,
        product: 'collector',
        name: 'Collector',
        version: '3.2.0',
        tags: ['latest'],
        options: { os: 'android', dist: 'network', type: 'stable' },
        store: 'https://play.google.com/store/apps/details?id=com.example.gis.collector',
      },
    ],
  }),
);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const TOKEN = 'dev-token-0123456789abcdef';

describe('GET /api/v1/releases (the seeded development set)', () => {
  const server = useTestServer();

  it('is for signed-in users', async () => {
    const answer = await server().client().get('/api/v1/releases?tag=latest');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('lists every product with its systems and variants, android as store pages', async () => {
    const { client } = await signedIn(server());
    const answer = await client.get('/api/v1/releases?tag=latest&option=type:stable');
    expect(answer.status).toBe(200);
    const list = v.parse(ReleaseList, await answer.json());
    const of = (product: string) => list.filter((r) => r.product === product);
    expect(new Set(list.map((r) => r.product))).toEqual(new Set(productIds));
    for (const product of ['qgis', 'formbuilder']) {
      const variants = of(product).map((r) => `${r.options.os}/${r.options.dist}`);
      expect(variants.sort()).toEqual([
        'mac/network',
        'mac/standalone',
        'win64/network',
        'win64/standalone',
      ]);
    }
    for (const r of list) {
      expect(r.tags).toContain('latest');
      expect(r.options.type).toBe('stable');
      expect(r.files).toHaveLength(1);
      const [file] = r.files;
      if (r.options.os === 'android') {
        expect(file?.link).toMatch(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=/);
        expect(file?.size).toBeNull();
      } else {
        expect(file?.link).toBe(`/api/v1/releases/${r.id}/download`);
        expect(file?.size).toBeGreaterThan(0);
      }
    }
    expect(of('mobile').map((r) => r.options.os)).toEqual(['android']);
    // The software page's own read, every release (its answer kept, not made per request):
    // the same links, unsigned.
    const every = v.parse(ReleaseList, await (await client.get('/api/v1/releases')).json());
    expect(every.length).toBeGreaterThan(list.length);
    for (const r of every) {
      const [file] = r.files;
      if (r.options.os === 'android') expect(file?.link).toMatch(/^https:\/\/play\.google\.com\//);
      else expect(file?.link).toBe(`/api/v1/releases/${r.id}/download`);
    }
    // The previous QGIS is kept but not tagged latest.
    expect(list.some((r) => r.version === '3.34.12')).toBe(false);
  });

  it('filters by tag and options, and refuses malformed ones at their parameter', async () => {
    const { client } = await signedIn(server());
    const all = v.parse(ReleaseList, await (await client.get('/api/v1/releases')).json());
    expect(all.some((r) => r.version === '3.34.12')).toBe(true);
    const mac = v.parse(
      ReleaseList,
      await (await client.get('/api/v1/releases?option=os:mac&option=dist:standalone')).json(),
    );
    expect(mac.map((r) => r.product).sort()).toEqual(['formbuilder', 'qgis']);
    const none = await client.get('/api/v1/releases?tag=nightly');
    expect(await none.json()).toEqual([]);
    const bad = await client.get('/api/v1/releases?option=type');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: [{ code: 'invalid_input', source: { pointer: 'option' } }],
    });
    expect((await client.get('/api/v1/releases?tag=a%27%3Bdrop')).status).toBe(400);
  });

  it('serves a seeded installer under the requested name', async () => {
    const { client } = await signedIn(server());
    const answer = await client.get('/api/v1/releases/101/download?save_as=qgis-setup.exe');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="qgis-setup.exe"; filename*=UTF-8''qgis-setup.exe`,
    );
    expect(await answer.text()).toMatch(/^Development placeholder for QGIS 3\.40\.1/);
  });
});

describe('GET /api/v1/releases/{id}/download', () => {
  const server = useTestServer({ env: { RELEASES_DIR: dir } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server().client().get(url, { headers });
  const bytes = async (answer: Response) => Buffer.from(await answer.arrayBuffer());
  let etag = '';

  it('streams the whole file with its length, name, validator and range support', async () => {
    const answer = await get('/api/v1/releases/1/download?save_as=qgis-setup-win64.exe');
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': '1000',
      'content-disposition': `attachment; filename="qgis-setup-win64.exe"; filename*=UTF-8''qgis-setup-win64.exe`,
      'accept-ranges': 'bytes',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    etag = answer.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(answer.headers.get('last-modified')).toMatch(/GMT$/);
    expect((await bytes(answer)).equals(content)).toBe(true);
  });

  it('takes the file name when save_as is missing', async () => {
    const answer = await get('/api/v1/releases/1/download');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="setup.exe"; filename*=UTF-8''setup.exe`,
    );
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=990-', 990, 999],
    ['bytes=-5', 995, 999],
    ['bytes=995-5000', 995, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=10-10', 10, 10],
  ])('answers Range %s with 206 and that part', async (range, start, end) => {
    const answer = await get('/api/v1/releases/1/download', { Range: range });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(answer.headers.get('content-length')).toBe(String(end - start + 1));
    expect((await bytes(answer)).equals(content.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
    'answers an unsatisfiable %s with 416 and the size',
    async (range) => {
      const answer = await get('/api/v1/releases/1/download', { Range: range });
      expect(answer.status).toBe(416);
      expect(answer.headers.get('content-range')).toBe('bytes */1000');
      expect(await answer.json()).toMatchObject({ code: 'invalid_input' });
    },
  );

  it.each(['bytes=5-1', 'bytes=0-1,5-6', 'items=0-5', 'bytes=abc', 'bytes=--1'])(
    'ignores %s and sends the whole file',
    async (range) => {
      const answer = await get('/api/v1/releases/1/download', { Range: range });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-range')).toBeNull();
      expect((await bytes(answer)).length).toBe(1000);
    },
  );

  it('honours If-Range only with the current validator', async () => {
    const same = await get('/api/v1/releases/1/download', { Range: 'bytes=0-1', 'If-Range': etag });
    expect(same.status).toBe(206);
    const stale = await get('/api/v1/releases/1/download', {
      Range: 'bytes=0-1',
      'If-Range': '"0-0"',
    });
    expect(stale.status).toBe(200);
    expect((await bytes(stale)).length).toBe(1000);
  });

  it('answers If-None-Match with 304 and no body when the file is unchanged', async () => {
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = await get('/api/v1/releases/1/download', { 'If-None-Match': tag });
      expect(answer.status).toBe(304);
      expect(answer.headers.get('etag')).toBe(etag);
      expect(await answer.text()).toBe('');
    }
    const changed = await get('/api/v1/releases/1/download', { 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const answer = await server()
      .client()
      .request('/api/v1/releases/1/download?save_as=a.exe', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe('1000');
    expect(answer.headers.get('content-disposition')).toContain('filename="a.exe"');
    expect(await answer.text()).toBe('');
  });

  it('serves an empty file, whose every range is unsatisfiable', async () => {
    const whole = await get('/api/v1/releases/3/download');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('0');
    const part = await get('/api/v1/releases/3/download', { Range: 'bytes=0-' });
    expect(part.status).toBe(416);
    expect(part.headers.get('content-range')).toBe('bytes */0');
  });

  it('streams a file larger than one read, whole and across chunk boundaries', async () => {
    const whole = await get('/api/v1/releases/4/download');
    expect((await bytes(whole)).equals(big)).toBe(true);
    const start = 64 * 1024 - 3;
    const end = 3 * 64 * 1024 + 5;
    const part = await get('/api/v1/releases/4/download', { Range: `bytes=${start}-${end}` });
    expect(part.status).toBe(206);
    expect((await bytes(part)).equals(big.subarray(start, end + 1))).toBe(true);
  });

  it('sends length, ranges and the name over real HTTP (the Node adapter)', async () => {
    const http = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    const { port } = http.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}/api/v1/releases/4/download?save_as=big.exe`;
      const whole = await fetch(url);
      expect(whole.headers.get('content-length')).toBe(String(big.length));
      expect((await bytes(whole)).equals(big)).toBe(true);
      const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect((await bytes(part)).equals(big.subarray(100, 200))).toBe(true);
      // A client that goes away mid-file leaves the server answering.
      const controller = new AbortController();
      const aborted = await fetch(url, { signal: controller.signal });
      await aborted.body?.getReader().read();
      controller.abort();
      expect((await fetch(url, { headers: { Range: 'bytes=0-0' } })).status).toBe(206);
    } finally {
      if ('closeAllConnections' in http) http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  describe('the saved name', () => {
    it.each([
      ['../../etc/passwd', 'passwd'],
      ['/etc/shadow', 'shadow'],
      ['..\\..\\windows\\boot.ini', 'boot.ini'],
      ['..', 'setup.exe'],
      ['.bashrc', 'bashrc'],
      ['', 'setup.exe'],
      ['a"b;c.exe', 'a_b;c.exe'],
      ['100%.exe', '100_.exe'],
    ])('save_as=%s is saved as %s', async (requested, saved) => {
      const answer = await get(
        `/api/v1/releases/1/download?save_as=${encodeURIComponent(requested)}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toContain(`filename="${saved}"`);
    });

    it('keeps a non-ASCII name exactly in filename* (RFC 6266) and ASCII in filename', async () => {
      const answer = await get(
        `/api/v1/releases/1/download?save_as=${encodeURIComponent("Установщик (QGIS)'.exe")}`,
      );
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="__________ (QGIS)'.exe"; filename*=UTF-8''` +
          `%D0%A3%D1%81%D1%82%D0%B0%D0%BD%D0%BE%D0%B2%D1%89%D0%B8%D0%BA%20%28QGIS%29%27.exe`,
      );
    });

    it('cannot inject a header through control characters', async () => {
      const answer = await get(
        `/api/v1/releases/1/download?save_as=${encodeURIComponent('a\r\nSet-Cookie: x=1.exe')}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('set-cookie') ?? '').not.toContain('x=1');
      expect(answer.headers.get('content-disposition')).toContain(
        'filename="aSet-Cookie: x=1.exe"',
      );
    });
  });

  describe('ids and paths outside the folder', () => {
    it.each([
      '424242',
      '2',
      '0',
      '-1',
      '01',
      '1.5',
      'abc',
      '99999999999',
      '..%2F..%2Foutside.txt',
      '%2e%2e',
      '1%2F..%2F..%2Foutside.txt',
      '%2Fetc%2Fpasswd',
    ])('answers 404 for id %s', async (id) => {
      const answer = await get(`/api/v1/releases/${id}/download`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ code: 'not_found', detail: 'Nothing found' });
    });

    it('never leaves the folder through a dot-dot path', async () => {
      for (const url of [
        '/api/v1/releases/../../outside.txt',
        '/api/v1/releases/1/download/../../../outside.txt',
      ]) {
        const answer = await get(url);
        expect(await answer.text()).not.toContain('secret outside');
      }
    });

    it('answers 404 for rows naming a path outside the folder', async () => {
      symlinkSync(path.join(base, 'outside.txt'), path.join(dir, 'qgis/link-out.exe'));
      const row = (id: number, filePath: string) => ({
        id,
        product: 'qgis',
        name: 'planted',
        version: '0',
        tags: ['latest'],
        options: { os: 'win64', dist: 'network' },
        filePath,
        fileSize: 1,
        position: id,
      });
      await server()
        .db.insert(releases)
        .values([
          row(900, '../outside.txt'),
          row(901, path.join(base, 'outside.txt')),
          row(902, 'qgis/link-out.exe'),
          row(903, 'qgis/../../outside.txt'),
          row(904, 'qgis'),
          row(905, 'qgis/missing.exe'),
        ]);
      for (const id of [900, 901, 902, 903, 904, 905]) {
        const answer = await get(`/api/v1/releases/${id}/download`);
        expect(answer.status, `release ${id}`).toBe(404);
        expect(await answer.text()).not.toContain('secret outside');
      }
    });

    it('answers 404 once a listed file is swapped for a symlink out of the folder', async () => {
      expect((await get('/api/v1/releases/5/download')).status).toBe(200);
      unlinkSync(path.join(dir, 'qgis/swapped.exe'));
      symlinkSync(path.join(base, 'outside.txt'), path.join(dir, 'qgis/swapped.exe'));
      try {
        const answer = await get('/api/v1/releases/5/download');
        expect(answer.status).toBe(404);
        expect(await answer.text()).not.toContain('secret outside');
      } finally {
        // The next server loads this manifest again.
        unlinkSync(path.join(dir, 'qgis/swapped.exe'));
        writeFileSync(path.join(dir, 'qgis/swapped.exe'), 'a file again');
      }
    });
  });
});

describe('with DOWNLOAD_TOKEN: links signed per user, file and expiry', () => {
  const server = useTestServer({ env: { RELEASES_DIR: dir, DOWNLOAD_TOKEN: TOKEN } });

  /** The file links of the list `client` is given. */
  async function linksOf(client: TestClient): Promise<Map<number, string>> {
    const list: Release[] = v.parse(
      ReleaseList,
      await (await client.get('/api/v1/releases?tag=latest')).json(),
    );
    return new Map(list.map((r) => [r.id, r.files[0]?.link ?? '']));
  }
  const linkOf = async (client: TestClient, id: number) => (await linksOf(client)).get(id) ?? '';
  const refused = async (answer: Response, what: string) => {
    expect(answer.status, what).toBe(403);
    expect(await answer.json(), what).toEqual({
      code: 'permission_denied',
      detail: "You don't have permission to perform this action.",
    });
  };
  /** The link with one query parameter set to `value`. */
  const withParam = (link: string, name: string, value: string) => {
    const url = new URL(link, 'http://x');
    url.searchParams.set(name, value);
    return `${url.pathname}${url.search}`;
  };

  it('signs every file link for the user, never carrying the token itself', async () => {
    const { client, user } = await signedIn(server());
    const links = await linksOf(client);
    const link = links.get(1) ?? '';
    expect(link).toMatch(
      new RegExp(
        `^/api/v1/releases/1/download\\?user=${user.id}&expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    expect(link).not.toContain(TOKEN);
    const expires = Number(new URL(link, 'http://x').searchParams.get('expires'));
    expect(expires * 1000).toBe(
      Math.floor((server().clock.now().getTime() + DOWNLOAD_LINK_TTL_MS) / 1000) * 1000,
    );
    // Each file has a signature of its own; a store page is no download and stays as it is.
    expect(new URL(links.get(4) ?? '', 'http://x').searchParams.get('signature')).not.toBe(
      new URL(link, 'http://x').searchParams.get('signature'),
    );
    expect(links.get(2)).toBe(
      'https://play.google.com/store/apps/details?id=com.example.gis.collector',
    );
  });

  it('serves the file by its signed link, with the session or without (a download manager)', async () => {
    const { client } = await signedIn(server());
    const link = await linkOf(client, 1);
    for (const [who, asker] of [
      ['signed in', client],
      ['no session', server().client()],
    ] as const) {
      const answer = await asker.get(`${link}&save_as=qgis.exe`);
      expect(answer.status, who).toBe(200);
      expect(answer.headers.get('Content-Disposition'), who).toContain('qgis.exe');
      expect(Buffer.from(await answer.arrayBuffer()).equals(content), who).toBe(true);
    }
  });

  it('refuses no link, the old shared token, and a forged or altered signature', async () => {
    const { client, user } = await signedIn(server());
    const link = await linkOf(client, 1);
    const signature = new URL(link, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = createHmac('sha256', 'a guessed key')
      .update(`${user.id}\x001\x00${Math.floor(Date.now() / 1000) + 3600}`)
      .digest('base64url');
    for (const url of [
      '/api/v1/releases/1/download',
      `/api/v1/releases/1/download?token=${TOKEN}`,
      withParam(link, 'signature', flipped),
      withParam(link, 'signature', forged),
      withParam(link, 'signature', `${signature}=`),
      withParam(link, 'signature', ''),
      // The expiry pushed later, or the link said to be another user's: the signature breaks.
      withParam(
        link,
        'expires',
        String(Number(new URL(link, 'http://x').searchParams.get('expires')) + 86400),
      ),
      withParam(link, 'user', String(user.id + 1)),
    ]) {
      await refused(await server().client().get(url), url);
    }
  });

  it('refuses a link for another file: the signature names one release', async () => {
    const { client } = await signedIn(server());
    const link = await linkOf(client, 1);
    const query = new URL(link, 'http://x').search;
    for (const url of [
      `/api/v1/releases/4/download${query}`,
      `/api/v1/releases/01/download${query}`,
      `/api/v1/releases/424242/download${query}`,
    ]) {
      await refused(await client.get(url), url);
    }
    expect((await client.get(await linkOf(client, 4))).status).toBe(200);
  });

  it('refuses another user’s link in a browser signed in as someone else', async () => {
    const ann = await signedIn(server());
    const bob = await signedIn(server());
    const annLink = await linkOf(ann.client, 1);
    await refused(await bob.client.get(annLink), 'bob with ann’s link');
    expect((await bob.client.get(await linkOf(bob.client, 1))).status).toBe(200);
  });

  it('refuses the links of a removed account', async () => {
    const { client, user } = await signedIn(server());
    const link = await linkOf(client, 1);
    await server().db.delete(users).where(eq(users.id, user.id));
    await refused(await server().client().get(link), 'removed');
  });

  // Last: it moves the shared clock a day on.
  it('serves a link until it expires, and refuses it from then on', async () => {
    const { client } = await signedIn(server());
    const link = await linkOf(client, 1);
    server().clock.advance(DOWNLOAD_LINK_TTL_MS - 2000);
    expect((await server().client().get(link)).status).toBe(200);
    server().clock.advance(2000);
    await refused(await server().client().get(link), 'expired');
    await refused(await client.get(link), 'expired, signed in');
  });
});
