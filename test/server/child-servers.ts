import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import type { AppEnv } from '../../server/http/context.ts';
import { ServerNotStarted, startServer, type RunningServer } from '../e2e/server.ts';
import { createClient, type TestClient } from './client.ts';

/**
 * Real server processes (`server/main.ts`, as `npm run serve` runs them) on a database
 * of their own: a kept PGlite folder, or, when DATABASE_URL is set, a fresh database on
 * that PostgreSQL, dropped again by remove().
 */
export type ChildStore = {
  /** What every server of the store is started with (DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  dataDir: string;
  /** The same database from this process; on PGlite only while no server runs. */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
};

/** A store; on PGlite a copy of `template` (a migrated, seeded folder) when given. */
export async function childStore(template?: string): Promise<ChildStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-child-'));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (template) await cp(template, dataDir, { recursive: true });
    return {
      env: {},
      dataDir,
      open: async () => openDatabase({ dataDir }),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `portal_child_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATABASE_URL: databaseUrl },
    dataDir,
    open: () => openDatabase({ databaseUrl }),
    remove: async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Reads the store's database in this process, closing it again. */
export async function withDatabase<T>(
  store: ChildStore,
  read: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await store.open();
  try {
    return await read(handle);
  } finally {
    await handle.close();
  }
}

/** The child servers of one store, one after another on one port. */
export type ChildServers = {
  /** A server that stays up; `extra` adds to the environment. */
  start(extra?: Record<string, string>): Promise<RunningServer>;
  /**
   * A server with CRASH_AT=`point`: `drive` leads it there, and it must die of SIGKILL
   * (during its start, too: work that time made due runs at start).
   */
  crash(point: string, drive: (server: RunningServer) => Promise<unknown>): Promise<void>;
  /** The base address, the same for every server of the store. */
  url(): string;
  /** What every server of the store printed. */
  output(): string;
  /** Stops the running server, if any. */
  stop(): Promise<void>;
};

export function childServers(store: ChildStore, env: Record<string, string>): ChildServers {
  let port: number | undefined;
  let running: RunningServer | undefined;
  const outputs: string[] = [];

  async function launch(extra: Record<string, string>): Promise<RunningServer> {
    if (running) throw new Error('a server of this store is running');
    const server = await startServer(
      { STATIC_DIR: '/nonexistent-static-dir', ...env, ...store.env, ...extra },
      { dataDir: store.dataDir, keepData: true, ...(port ? { port } : {}) },
    );
    port = server.port;
    running = server;
    void server.exited.then(() => {
      outputs.push(server.output());
      if (running === server) running = undefined;
    });
    return server;
  }

  return {
    start: launch,
    async crash(point, drive) {
      let server: RunningServer;
      try {
        server = await launch({ CRASH_AT: point });
      } catch (error) {
        // Died before it listened: fine only if it was the crash point (a job its start
        // ran may reach it). What it printed is kept.
        if (!(error instanceof ServerNotStarted) || error.ending !== 'SIGKILL') throw error;
        outputs.push(error.output);
        return;
      }
      const driving = drive(server).then(
        () => null,
        (error: unknown) => error,
      );
      const end = await Promise.race([
        server.exited,
        new Promise<string>((resolve) => setTimeout(() => resolve('alive'), 60_000)),
      ]);
      if (end !== 'SIGKILL') {
        const reason = await Promise.race([driving, Promise.resolve('still driving')]);
        await server.stop();
        throw new Error(`the server did not die at ${point} (${end}): ${String(reason)}`);
      }
      await driving;
    },
    url: () => `http://localhost:${port ?? 0}`,
    output: () => [...outputs, running?.output() ?? ''].join('\n'),
    async stop() {
      await running?.stop();
      running = undefined;
    },
  };
}

/**
 * A browser of the child servers: cookies kept across restarts (the sessions live in
 * the database), the CSRF header sent, redirects not followed, and an address of its
 * own (the servers trust X-Forwarded-For), as users come from different machines.
 */
export function httpClient(servers: Pick<ChildServers, 'url'>, address: string): TestClient {
  const overHttp = {
    request: (requestPath: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      headers.set('X-Forwarded-For', address);
      return fetch(`${servers.url()}${requestPath}`, { ...init, headers, redirect: 'manual' });
    },
  };
  // The client only ever calls request(): fetch over HTTP stands in for app.request().
  return createClient(overHttp as unknown as Hono<AppEnv>);
}

export const PASSWORD = 'Secret-pass-1';

/** The newest code mailed to `email`, from the development mailbox. */
export async function mailedCode(client: TestClient, email: string): Promise<string> {
  let code: string | undefined;
  await vi.waitFor(
    async () => {
      const mails = (await (
        await client.get(`/api/dev/mails/?to=${encodeURIComponent(email)}`)
      ).json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
      expect(code).toBeDefined();
    },
    { timeout: 20_000, interval: 250 },
  );
  return code ?? '';
}

/** A confirmed account made through the API and the mailbox, signed in within `client`. */
export async function signUp(client: TestClient, email: string, country = 'GB'): Promise<void> {
  const ok = async (response: Promise<Response>) => {
    const answer = await response;
    expect(answer.status, await answer.clone().text()).toBe(200);
  };
  await ok(client.postForm('/api/auth/signup/', { email, password: PASSWORD, agree: 'on' }));
  await ok(client.postForm('/api/auth/signup/confirm/', { code: await mailedCode(client, email) }));
  await ok(
    client.postForm('/api/auth/signup/details/', {
      first_name: 'Ann',
      last_name: 'Lee',
      country,
    }),
  );
}

/** The whole profile form as the SPA saves it, with the names and country signUp gives. */
export const SIGNED_UP_PROFILE = {
  first_name: 'Ann',
  last_name: 'Lee',
  industry: '',
  role: '',
  phone: '',
  country: 'GB',
};

/** Runs `check` until it passes (it throws until then), for up to `seconds`. */
export function eventually(check: () => Promise<void>, seconds = 60): Promise<void> {
  return vi.waitFor(check, { timeout: seconds * 1000, interval: 300 });
}
