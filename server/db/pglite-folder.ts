// The embedded database's folder, made ready before PGlite opens it. Light on purpose:
// the server's entry (main.ts) starts this before loading the rest, so that initdb of a
// new folder runs in a worker thread while the server's modules load on the main one.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initdbInWorker(dataDir);
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
