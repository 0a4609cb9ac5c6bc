// The embedded database's folder, made ready before PGlite opens it. Light on purpose:
// the server's entry (main.ts) starts this before loading the rest, so that a new
// folder is made (a copy of the installation's initdb, or initdb in a worker thread)
// while the server's modules load on the main thread.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL sizes its shared buffers (128 MB) for a server of its own; in PGlite they
 * are resident memory of the portal's process, never given back. The embedded database
 * holds a few megabytes, which 16 MB keeps whole (docs/decisions/0021).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const preparing = new Map<string, Promise<void>>();

/** The folder exists and holds a database; asked again, the same promise. */
export function prepareFolder(dataDir: string): Promise<void> {
  let ready = preparing.get(dataDir);
  if (!ready) {
    ready = prepare(dataDir);
    preparing.set(dataDir, ready);
  }
  return ready;
}

async function prepare(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const template = (await readdir(dataDir)).length === 0 ? await initdbTemplate() : null;
  if (template) await cp(template, dataDir, { recursive: true });
  else await initdbInWorker(dataDir);
}

/** The installed PGlite's package folder, where its version is read. */
const PGLITE_PACKAGE = path.resolve(
  path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
  '..',
);
/** Beside the installed packages: only who installs them can write there. */
const TEMPLATES = path.resolve(PGLITE_PACKAGE, '..', '..', '.cache', 'portal-pglite');

/** Where this installation keeps initdb's output (`npm run bench:api` tells if it is there). */
export function initdbTemplatePath(): string {
  const { version } = JSON.parse(readFileSync(path.join(PGLITE_PACKAGE, 'package.json'), 'utf8'));
  return path.join(TEMPLATES, `initdb-${String(version)}`);
}

/**
 * What initdb makes depends on PGlite's version alone, and takes it some 2 s: one
 * installation makes it once (at `npm ci`, or else the first new folder) and copies it
 * into every new folder after (a tenth of that). Null when it cannot be kept (a read-only
 * installation): the folder then gets its own initdb.
 */
export async function initdbTemplate(): Promise<string | null> {
  const template = initdbTemplatePath();
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  // Made aside and renamed into place: a process starting at the same time never sees
  // half of it, and of two made at once the first rename wins.
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(partial, { recursive: true });
    await initdbInWorker(partial);
    await rename(partial, template).catch(async (error: unknown) => {
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    });
    return template;
  } catch {
    return null;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/**
 * initdb of a new folder in a worker thread: its WebAssembly memory (some 300 MB) then
 * goes away with the thread, instead of staying resident until a full garbage
 * collection that a quiet server may not run for hours.
 */
async function initdbInWorker(dataDir: string): Promise<void> {
  const worker = new Worker(new URL('./pglite-initdb.ts', import.meta.url), {
    workerData: { dataDir, startParams: PGLITE_START_PARAMS },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`initdb of ${dataDir} stopped with exit code ${code}`));
    });
  });
}
