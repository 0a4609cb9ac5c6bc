import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * How `npm run serve` starts the server: its environment settings and node's flags, read
 * from package.json so that the tests and benchmarks start it the same way
 * (docs/decisions/0021).
 */
let serve: { env: Record<string, string>; nodeArgs: string[] } | undefined;
export function serveCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  if (serve) return serve;
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts['serve']!.split(/\s+/);
  const node = words.indexOf('node');
  const script = words.indexOf('server/main.ts');
  if (node < 0 || script < node)
    throw new Error('the serve script no longer runs node server/main.ts');
  const env: Record<string, string> = {};
  for (const word of words.slice(0, node)) {
    const [name, value] = word.split('=');
    if (!name || value === undefined)
      throw new Error(`the serve script's ${word} is not NAME=value`);
    env[name] = value;
  }
  serve = { env, nodeArgs: words.slice(node + 1, script) };
  return serve;
}

/** A process's resident memory in MiB (Linux /proc): now, or its peak since it started. */
export function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!kib) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Math.round(Number(kib[1]) / 1024);
}

export interface RunningServer {
  url: string;
  port: number;
  /** The server's process id. */
  pid: number;
  /** The embedded database's folder. */
  dataDir: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** How the process ended, once it has (a crash test kills it): its exit code or signal. */
  exited: Promise<string>;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** A data folder to start on (another server's, kept); a fresh one by default. */
  dataDir?: string;
  /** The port to listen on (a restart keeps its addresses); a free one by default. */
  port?: number;
  /** Leave the data folder when stopping, for a server started on it next. */
  keepData?: boolean;
  /** A command that runs the server's command line given after its own (exec'ing it, so that the process id stays the server's). */
  wrap?: string[];
}

/** How much of what a server printed `output()` keeps: its last 32 Mi characters. */
const OUTPUT_KEPT = 32 * 1024 * 1024;

/** A port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server, as `npm start` runs it, on a free port with a fresh data folder
 * (its own embedded PostgreSQL, migrated and seeded with the demo account).
 */
/** A server that died, or never printed its address, before it listened. */
export class ServerNotStarted extends Error {
  /** How it ended: the exit code or signal, or `timeout` when it was still starting. */
  readonly ending: string;
  /** What it printed. */
  readonly output: string;
  constructor(ending: string, output: string) {
    super(
      ending === 'timeout'
        ? `server did not start:\n${output}`
        : `server exited with ${ending}:\n${output}`,
    );
    this.name = 'ServerNotStarted';
    this.ending = ending;
    this.output = output;
  }
}

export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-e2e-')));
  const { env: serveEnv, nodeArgs } = serveCommand();
  const command = [...(options.wrap ?? []), process.execPath, ...nodeArgs, 'server/main.ts'];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // The accounts the tests make up say where they come from (test/e2e/accounts.ts).
      TRUST_PROXY: '1',
      // A page carries all its reads, however busy the machine: what a page does without
      // the slow ones is a server test's (test/server/page-reads.test.ts).
      PAGE_READS_BUDGET_MS: '60000',
      // And a visitor's page its first screen, however many the tests render at once.
      PAGE_RENDER_SHARE: '100',
      ...serveEnv,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it printed, kept in chunks: a server under load prints a line per answer, and
  // joining or scanning the whole text per chunk would cost the process driving the load
  // more with every answer (a benchmark's client slowed down as its server's log grew).
  // The last OUTPUT_KEPT characters are kept: a ten-minute soak prints more than a
  // string can hold.
  const chunks: string[] = [];
  let kept = 0;
  const keep = (text: string) => {
    chunks.push(text);
    kept += text.length;
    while (kept > OUTPUT_KEPT && chunks.length > 1) kept -= chunks.shift()!.length;
  };
  const output = () => {
    if (chunks.length > 1) chunks.splice(0, chunks.length, chunks.join(''));
    return chunks[0] ?? '';
  };
  // The address it prints: https:// when started with TLS_CERT_FILE and TLS_KEY_FILE.
  const address = new RegExp(`(https?)://localhost:${port}/`);
  let scheme = 'http';
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  let started = false;
  // The address is looked for in what came since the last line's start, until it is found.
  let pending = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ServerNotStarted('timeout', output())), 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      keep(text);
      if (started) return;
      pending += text;
      const printed = address.exec(pending);
      if (printed) {
        started = true;
        pending = '';
        scheme = printed[1]!;
        clearTimeout(timer);
        resolve();
      } else {
        pending = pending.slice(pending.lastIndexOf('\n') + 1);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started) reject(new ServerNotStarted(signal ?? String(code), output()));
    });
  });
  await ready;
  return {
    url: `${scheme}://localhost:${port}`,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
