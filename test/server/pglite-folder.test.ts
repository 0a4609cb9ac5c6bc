import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { initdbTemplatePath, prepareFolder } from '../../server/db/pglite-folder.ts';

/*
 * A new embedded database folder (decision 0021): a copy of the installation's initdb
 * output, made once; a folder that already holds other files gets its own initdb.
 */
const made: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-folder-'));
  made.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** The cluster's system identifier: initdb draws a new one, a copy keeps it. */
const systemId = (dir: string) =>
  readFileSync(path.join(dir, 'global', 'pg_control'))
    .subarray(0, 8)
    .toString('hex');

describe('a new embedded database folder', () => {
  it('is a copy of the installation initdb output, which opens and migrates', async () => {
    const first = await folder();
    await prepareFolder(first);
    const template = initdbTemplatePath();
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(systemId(first)).toBe(systemId(template));

    const second = await folder();
    await prepareFolder(second);
    expect(systemId(second)).toBe(systemId(template));
    const control = () => readFileSync(path.join(template, 'global', 'pg_control'));
    const before = control();
    const handle = await openDatabase({ dataDir: second });
    try {
      await handle.migrate();
      const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(row?.n).toBe(0);
    } finally {
      await handle.close();
    }
    // What the copy opened and wrote stays in its own folder.
    expect(control().equals(before)).toBe(true);
    expect(readFileSync(path.join(second, 'global', 'pg_control')).equals(before)).toBe(false);
  });

  it('gets its own initdb when it already holds something', async () => {
    const dir = await folder();
    await writeFile(path.join(dir, 'README'), 'the operator put this here');
    await prepareFolder(dir);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dir, 'README'))).toBe(true);
    expect(systemId(dir)).not.toBe(systemId(initdbTemplatePath()));
  });
});
