import { afterAll, beforeAll, expect, it } from 'vitest';
import { memoryMiB, startServer, type RunningServer } from '../e2e/server.ts';

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. Left to itself, V8
 * compiles it a second time with its optimizing tier on a background thread a second or
 * two after the start, and the process's memory reaches about 800 MiB before it falls
 * back. `npm run serve` starts node with `--liftoff-only`, which keeps WebAssembly on
 * the baseline compiler (docs/decisions/0021); the server's memory stays far below the
 * 512 MiB it may use under a sign-in flood.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ STATIC_DIR: '/nonexistent-static-dir' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

it('keeps the embedded database server under 512 MiB from its start on', async () => {
  // Reads that run the database, then time for a background compilation to happen.
  for (let i = 0; i < 20; i++) {
    const answer = await fetch(`${server.url}/api/v1/subscription/prices/`);
    expect(answer.status).toBe(200);
  }
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(memoryMiB(server.pid, 'VmHWM')).toBeLessThan(512);
}, 60_000);
