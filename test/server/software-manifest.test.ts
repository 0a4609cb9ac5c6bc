import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { releases } from '../../server/db/schema.ts';
import { readManifest } from '../../server/software/manifest.ts';
import { listReleases, loadReleases } from '../../server/software/releases.ts';
import { createTestDatabase } from './harness.ts';

/* The releases manifest: what it accepts, what stops the start, and the table it fills. */

let base: string;
let handle: DatabaseHandle;
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'portal-manifest-'));
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
  await rm(base, { recursive: true, force: true });
});

let folders = 0;
/** A releases folder holding `files` and, unless null, `manifest` as manifest.json. */
async function folder(manifest: unknown, files: Record<string, string> = {}): Promise<string> {
  folders += 1;
  const dir = path.join(base, `releases-${folders}`);
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  if (manifest !== null) {
    const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
    await writeFile(path.join(dir, 'manifest.json'), text);
  }
  return dir;
}

const desktop = (id: number, file: string, extra: Record<string, unknown> = {}) => ({
  id,
  product: 'qgis',
  name: `QGIS ${id}`,
  version: '3.40.1',
  tags: ['latest'],
  options: { os: 'win64', dist: 'network', type: 'stable' },
  file,
  ...extra,
});
const android = {
  id: 7,
  product: 'tracker',
  name: 'Tracker',
  version: '1.4.0',
  options: { os: 'android', dist: 'network' },
  store: 'https://play.google.com/store/apps/details?id=com.example.gis.tracker',
};

async function problem(dir: string): Promise<string> {
  try {
    await readManifest(dir);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the manifest was accepted');
}

describe('readManifest', () => {
  it('reads releases with their sizes, in order, tags defaulting to none', async () => {
    const dir = await folder(
      { releases: [desktop(2, 'a/setup.exe'), android] },
      {
        'a/setup.exe': '12345',
      },
    );
    expect(await readManifest(dir)).toEqual([
      {
        id: 2,
        product: 'qgis',
        name: 'QGIS 2',
        version: '3.40.1',
        tags: ['latest'],
        options: { os: 'win64', dist: 'network', type: 'stable' },
        filePath: 'a/setup.exe',
        fileSize: 5,
        storeUrl: null,
        position: 0,
      },
      {
        id: 7,
        product: 'tracker',
        name: 'Tracker',
        version: '1.4.0',
        tags: [],
        options: { os: 'android', dist: 'network' },
        filePath: null,
        fileSize: null,
        storeUrl: 'https://play.google.com/store/apps/details?id=com.example.gis.tracker',
        position: 1,
      },
    ]);
  });

  it('means no releases when the folder has no manifest', async () => {
    expect(await readManifest(await folder(null))).toEqual([]);
  });

  it('accepts the development set shipped in ./releases', async () => {
    const list = await readManifest(path.resolve('releases'));
    expect(list.length).toBeGreaterThanOrEqual(15);
  });

  it.each([
    ['../outside.txt', 'expected a path inside the releases folder'],
    ['/etc/passwd', 'expected a path inside the releases folder'],
    ['a/../../outside.txt', 'expected a path inside the releases folder'],
    ['a\\..\\..\\outside.txt', 'expected a path inside the releases folder'],
    ['C:/Windows/notepad.exe', 'expected a path inside the releases folder'],
    ['./a//b.exe', 'expected a path inside the releases folder'],
  ])('refuses the file %s', async (file, message) => {
    const dir = await folder({ releases: [desktop(1, file)] });
    expect(await problem(dir)).toContain(`releases.0.file: ${message}`);
  });

  it('refuses a file that is missing, a folder, or a symlink leading out', async () => {
    const dir = await folder(
      {
        releases: [
          desktop(1, 'missing.exe'),
          desktop(2, 'sub'),
          desktop(3, 'link-out.exe'),
          desktop(4, 'link-in.exe'),
        ],
      },
      { 'sub/x.exe': 'x', 'inside.exe': 'inside' },
    );
    await writeFile(path.join(base, 'outside.txt'), 'outside');
    await symlink(path.join(base, 'outside.txt'), path.join(dir, 'link-out.exe'));
    await symlink(path.join(dir, 'inside.exe'), path.join(dir, 'link-in.exe'));
    const message = await problem(dir);
    expect(message).toContain('releases.0.file: missing.exe is not a file in');
    expect(message).toContain('releases.1.file: sub is not a file in');
    expect(message).toContain('releases.2.file: link-out.exe is not a file in');
    // A link that stays inside the folder is just another name for a file there.
    expect(message).not.toContain('link-in.exe');
  });

  it.each([
    ['not JSON', '{ "releases": [', 'not JSON'],
    ['duplicate ids', { releases: [desktop(1, 'f.exe'), desktop(1, 'f.exe')] }, 'unique'],
    [
      'an unknown product',
      { releases: [desktop(1, 'f.exe', { product: 'arcgis' })] },
      'releases.0.product',
    ],
    [
      'a desktop product for android',
      {
        releases: [
          desktop(1, 'f.exe', {
            options: { os: 'android', dist: 'network' },
            store: android.store,
          }),
        ],
      },
      'a qgis release cannot be for android',
    ],
    [
      'android with a file',
      { releases: [{ ...android, file: 'f.exe', store: undefined }] },
      'android releases name a store page',
    ],
    [
      'a file release with a store page too',
      { releases: [desktop(1, 'f.exe', { store: android.store })] },
      'android releases name a store page',
    ],
    [
      'a plain-http store page',
      { releases: [{ ...android, store: 'http://play.google.com/x' }] },
      'expected an https:// address',
    ],
    [
      'an unknown system',
      { releases: [desktop(1, 'f.exe', { options: { os: 'linux', dist: 'network' } })] },
      'releases.0.options.os',
    ],
    [
      'an option that a filter could not name',
      {
        releases: [desktop(1, 'f.exe', { options: { os: 'win64', dist: 'network', Ty: 'x' } })],
      },
      'expected option names',
    ],
    ['an id of 0', { releases: [desktop(0, 'f.exe')] }, 'releases.0.id'],
    ['an unknown field', { releases: [desktop(1, 'f.exe', { url: 'x' })] }, 'releases.0.url'],
  ])('refuses %s, naming it', async (_label, manifest, message) => {
    const dir = await folder(manifest, { 'f.exe': 'f' });
    expect(await problem(dir)).toContain(message);
  });
});

describe('loadReleases', () => {
  it('fills the table, and a second load of the same manifest changes nothing', async () => {
    const dir = await folder(
      { releases: [desktop(1, 'a.exe'), desktop(2, 'b.exe'), android] },
      {
        'a.exe': 'a',
        'b.exe': 'bb',
      },
    );
    expect(await loadReleases(handle.db, dir)).toBe(3);
    const first = await handle.db.select().from(releases).orderBy(releases.id);
    await loadReleases(handle.db, dir);
    const second = await handle.db.select().from(releases).orderBy(releases.id);
    const withoutTimes = (rows: typeof first) => rows.map(({ loadedAt: _, ...row }) => row);
    expect(withoutTimes(second)).toEqual(withoutTimes(first));
    expect(second.map((row) => row.id)).toEqual([1, 2, 7]);
  });

  it('follows a replaced manifest: changed rows updated, dropped ones removed', async () => {
    const dir = await folder(
      { releases: [desktop(2, 'b.exe', { version: '3.42.0', tags: [] }), desktop(9, 'c.exe')] },
      { 'b.exe': 'bbb', 'c.exe': 'c' },
    );
    await Promise.all([loadReleases(handle.db, dir), loadReleases(handle.db, dir)]);
    const rows = await handle.db.select().from(releases).orderBy(releases.id);
    expect(rows.map((r) => [r.id, r.version, r.fileSize, r.position])).toEqual([
      [2, '3.42.0', 3, 0],
      [9, '3.40.1', 1, 1],
    ]);
    expect(
      (await listReleases(handle.db, { tag: 'latest', options: {} })).map((r) => r.id),
    ).toEqual([9]);
  });

  it('empties the table for a folder without a manifest', async () => {
    expect(await loadReleases(handle.db, await folder(null))).toBe(0);
    expect(await handle.db.$count(releases)).toBe(0);
  });

  it('stops at a missing folder or a broken manifest, keeping the table as it was', async () => {
    const good = await folder({ releases: [desktop(1, 'a.exe')] }, { 'a.exe': 'a' });
    await loadReleases(handle.db, good);
    await expect(loadReleases(handle.db, path.join(base, 'nowhere'))).rejects.toThrow(
      /RELEASES_DIR: .*nowhere is not a folder/,
    );
    await expect(loadReleases(handle.db, await folder('[]'))).rejects.toThrow(/manifest\.json/);
    expect((await handle.db.select().from(releases)).map((r) => r.id)).toEqual([1]);
  });
});
