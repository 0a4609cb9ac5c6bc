import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/server.ts';
import {
  eventually,
  httpClient,
  SIGNED_UP_PROFILE as PROFILE,
  signUp,
} from '../server/child-servers.ts';
import type { TestClient } from '../server/client.ts';

/**
 * The embedded database's disk fills up under the server. The server runs in a mount
 * namespace of its own (`unshare`, as root or not) with its data folder on a small tmpfs,
 * and the test fills that disk through /proc/<pid>/root while six users save their
 * profiles. A call that meets the full disk answers 503 with Retry-After, never 500; the
 * process lives on; once space is freed every user saves again, and every save that was
 * answered 200 reads back.
 */

const USERS = 6;
const DISK = '96m';

let server: RunningServer;
let disk: string;

type User = { client: TestClient; saved: string[]; tried: string[] };
let users: User[] = [];

beforeAll(async () => {
  const mount = await mkdtemp(path.join(tmpdir(), 'portal-full-disk-'));
  server = await startServer(
    { STATIC_DIR: '/nonexistent-static-dir' },
    {
      dataDir: path.join(mount, 'data'),
      wrap: [
        'unshare',
        '-rm',
        'sh',
        '-c',
        `mount -t tmpfs -o size=${DISK} tmpfs "$0" && exec "$@"`,
        mount,
      ],
    },
  );
  // The tmpfs as the server's namespace sees it.
  disk = `/proc/${server.pid}/root${mount}`;
  users = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const client = httpClient({ url: () => server.url }, `198.51.100.${i + 31}`);
      await signUp(client, `full-disk-${i}-${Date.now().toString(36)}@example.com`);
      return { client, saved: [], tried: [] };
    }),
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** Writes a file on the server's disk until the disk has no byte left. */
function fillDisk(): string {
  const filler = path.join(disk, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1 << 20, 1 << 12]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
    }
  } finally {
    closeSync(fd);
  }
  return filler;
}

const save = (user: User, company: string) =>
  user.client.request('/api/v1/profile/', {
    method: 'PATCH',
    body: JSON.stringify({ ...PROFILE, company }),
    headers: { 'Content-Type': 'application/json' },
  });

it('answers 503 with Retry-After while the disk is full, lives on, and saves again once there is room; nothing answered 200 is lost', async () => {
  const filler = fillDisk();
  const answers: { status: number; retryAfter: string | null }[] = [];
  let refused = 0;
  // The WAL segment already written takes a few thousand saves before a write needs a
  // new block of disk: saves go on until a dozen have met the full disk.
  const until = Date.now() + 240_000;
  await Promise.all(
    users.map(async (user, u) => {
      for (let round = 0; refused < 12 && Date.now() < until; round += 1) {
        const company = `Company ${u}-${round}`;
        user.tried.push(company);
        for (const response of [
          await save(user, company),
          await user.client.get('/api/v1/profile/'),
        ]) {
          answers.push({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
          });
          if (response.status !== 200) refused += 1;
        }
        if (answers.at(-2)?.status === 200) user.saved.push(company);
      }
    }),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(refused, 'no call met the full disk').toBeGreaterThanOrEqual(12);
  expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  for (const answer of answers.filter((answer) => answer.status === 503)) {
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
  expect(await Promise.race([server.exited, Promise.resolve('alive')]), server.output()).toBe(
    'alive',
  );

  rmSync(filler);
  await eventually(async () => {
    for (const user of users) {
      const response = await user.client.get('/api/v1/profile/');
      expect(response.status).toBe(200);
      const { company } = (await response.json()) as { company: string };
      const last = user.saved.at(-1);
      // A save left unanswered may have committed after the last answered one, never before.
      if (last) expect(user.tried.slice(user.tried.indexOf(last))).toContain(company);
    }
  });
  await eventually(async () => {
    for (const [u, user] of users.entries()) {
      const company = `Company ${u}-after`;
      user.tried.push(company);
      const response = await save(user, company);
      expect(response.status).toBe(200);
      user.saved.push(company);
    }
  });
  for (const user of users) {
    const profile = (await (await user.client.get('/api/v1/profile/')).json()) as {
      company: string;
    };
    expect(profile.company).toBe(user.saved.at(-1));
  }
}, 360_000);
