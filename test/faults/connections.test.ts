import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/server.ts';
import { httpClient, SIGNED_UP_PROFILE as PROFILE, signUp } from '../server/child-servers.ts';
import type { TestClient } from '../server/client.ts';
import { privatePostgres, type PrivatePostgres } from './postgres.ts';

/**
 * Two real server processes on one PostgreSQL of the test's own, eight users reading
 * and saving all the while, and the database taken away under them: its connections
 * terminated twice a second, then the server restarted. Every process lives on and
 * answers afterwards; a call that meets the outage answers 503 with Retry-After, never
 * 500; and no save that was answered 200 is lost.
 */

const USERS = 8;
const READS = ['/api/v1/onpremise/bindings/', '/api/v1/team/', '/api/v1/profile/'];

let database: PrivatePostgres;
const servers: RunningServer[] = [];

type User = { client: TestClient; saved: string[]; tried: string[] };
let users: User[] = [];

beforeAll(async () => {
  database = await privatePostgres();
  // One after another: the first migrates, the second finds nothing left to do.
  for (let i = 0; i < 2; i += 1) {
    servers.push(
      await startServer({ DATABASE_URL: database.url, STATIC_DIR: '/nonexistent-static-dir' }),
    );
  }
  users = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const client = httpClient({ url: () => server.url }, `198.51.100.${i + 1}`);
      await signUp(client, `faults-${i}-${Date.now().toString(36)}@example.com`);
      return { client, saved: [], tried: [] };
    }),
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.stop();
});

type Answer = { status: number; retryAfter: string | null };

/** Every user reads and saves in a loop until `done`; every answer is kept. */
function traffic(done: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  const keep = (response: Response) => {
    answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    return response;
  };
  return Promise.all(
    users.map(async (user, u) => {
      for (let round = 0; !done(); round += 1) {
        for (const read of READS) {
          await user.client.get(read).then(keep, () => undefined);
        }
        const company = `Company ${u}-${round}`;
        user.tried.push(company);
        const saved = await user.client
          .request('/api/v1/profile/', {
            method: 'PATCH',
            body: JSON.stringify({ ...PROFILE, company }),
            headers: { 'Content-Type': 'application/json' },
          })
          .then(keep, () => undefined);
        if (saved?.status === 200) user.saved.push(company);
      }
    }),
  ).then(() => answers);
}

const alive = async (server: RunningServer) =>
  (await Promise.race([server.exited, Promise.resolve('alive')])) === 'alive';

/** Every process answers every user again, and each profile holds its last save or later. */
async function expectRecovered(): Promise<void> {
  for (const server of servers) expect(await alive(server), server.output()).toBe(true);
  await expect
    .poll(
      async () => {
        const statuses = await Promise.all(
          users.map(async ({ client }) => (await client.get('/api/v1/profile/')).status),
        );
        return statuses.every((status) => status === 200);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  for (const user of users) {
    const profile = (await (await user.client.get('/api/v1/profile/')).json()) as {
      company: string;
    };
    const last = user.saved.at(-1);
    if (!last) continue;
    // An unanswered save may have committed after the last answered one, never before it.
    expect(user.tried.slice(user.tried.indexOf(last))).toContain(profile.company);
  }
}

function expectOnly200Or503(answers: Answer[]): void {
  const statuses = new Set(answers.map((answer) => answer.status));
  expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
  for (const answer of answers) {
    if (answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
}

describe('the database taken away under traffic', () => {
  it('connections terminated twice a second for 10 s: every process lives on', async () => {
    let stop = false;
    const running = traffic(() => stop);
    let terminated = 0;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const { rows } = await database.admin(
        `select pg_terminate_backend(pid) as gone from pg_stat_activity
         where datname = 'portal' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      terminated += rows.filter((row: { gone: boolean }) => row.gone).length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    stop = true;
    const answers = await running;
    expect(terminated).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(0);
    expectOnly200Or503(answers);
    await expectRecovered();
  }, 180_000);

  it('a restart of PostgreSQL: calls meanwhile answer 503, and every process comes back', async () => {
    let stop = false;
    const running = traffic(() => stop);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database.restart();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    stop = true;
    const answers = await running;
    expectOnly200Or503(answers);
    await expectRecovered();
  }, 180_000);

  it('PostgreSQL stopped: not ready, yet alive, and ready again once it is back', async () => {
    await database.down();
    try {
      for (const [i, server] of servers.entries()) {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        // The users are spread over the processes in turn: user i reads from process i.
        const read = await users[i]!.client.get('/api/v1/profile/');
        expect(read.status).toBe(503);
      }
    } finally {
      await database.up();
    }
    for (const server of servers) {
      await expect
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, {
          timeout: 30_000,
          interval: 500,
        })
        .toBe(200);
    }
    await expectRecovered();
  }, 180_000);
});
