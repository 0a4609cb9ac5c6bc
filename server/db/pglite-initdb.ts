// Runs in a worker thread (server/db/client.ts): initdb of an empty PGlite folder, whose
// WebAssembly memory then goes away with the thread instead of staying in the server's
// resident memory until a full garbage collection that may not come for a long time.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, startParams } = workerData as { dataDir: string; startParams: string[] };
const client = await PGlite.create(dataDir, { startParams });
await client.close();
