import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../e2e/server.ts';

/**
 * A PostgreSQL server of the test's own, from Debian's binaries: its own folder and
 * port, so that the fault tests can terminate its connections and restart it without
 * touching any other test's database. Run as root (CI), the server runs as `postgres`.
 */
export type PrivatePostgres = {
  /** The `portal` database's address. */
  url: string;
  /** A query on the `postgres` database, from a connection of its own. */
  admin(sql: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** `pg_ctl restart -m fast`: every connection ends, the server is back when it returns. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`, and `start` again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
};

const ROOT = '/usr/lib/postgresql';

/** The newest installed server's binaries, if there is one. */
export function postgresBin(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((name) => existsSync(path.join(ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(ROOT, newest, 'bin') : undefined;
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(`no PostgreSQL server under ${ROOT}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-faults-pg-'));
  const data = path.join(folder, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
    chmodSync(folder, 0o700);
  }
  // Asynchronous: the test's own traffic goes on while the server restarts.
  const run = async (tool: string, args: string[]) => {
    const [file, words] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    await promisify(execFile)(file, words);
  };
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-w', '-t', '60', ...args]);
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await ctl('-o', options, 'start');
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const admin = async (sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    client.on('error', () => {});
    await client.connect();
    try {
      return await client.query(sql, values);
    } finally {
      await client.end();
    }
  };
  await admin('create database portal');
  return {
    url: `${base}/portal`,
    admin,
    restart: () => ctl('-m', 'fast', 'restart'),
    down: () => ctl('-m', 'fast', 'stop'),
    up: () => ctl('-o', options, 'start'),
    stop: async () => {
      try {
        await ctl('-m', 'immediate', 'stop');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
