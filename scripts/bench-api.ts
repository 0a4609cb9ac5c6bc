// npm run bench:api [-- --json] [-- --duration S] [-- --warmup S] [-- --only a,b] [-- --reads a,b]
//
// The server's speed against a bare baseline, on the database the environment names
// (embedded PGlite, or PostgreSQL when DATABASE_URL is set). Each load is autocannon
// with -p 1 for `--duration` seconds (20) after `--warmup` seconds (5) of the same load.
// The baseline is a Hono app on @hono/node-server in its own process answering the very
// answer the server gave: status, body and every header but those Node writes itself
// (`ratio`); each load is also measured against it sending the body and its type alone
// (`body_only_ratio`, the figure before the headers were counted). Prints a table, or
// with --json one JSON object whose keys are the measures, each with the subject, the
// baseline where there is one, and goals.
// --only names the measures to take (profile_read, payment_status_poll, signed_in_page,
// sign_ins, sign_in_flood, cold_start, reads, soak); all but soak by default. `reads` measures every GET
// the SPA makes while signed in (READS below), each at 50 connections against the bare
// baseline answering the same status and body: ratio and p99 per read, and how many
// answers were not 2xx (a read without data answers 404, the users lookup's throttle
// 429: their figures say so); `--reads` names some of them (their names in READS).
// Every load against the baseline reports `busy`: how much of the time the answering
// process's main thread and this process (the load's client) were on a CPU, and the
// answering thread's CPU time per request in µs (`answering_us_per_request`).
// signed_in_page builds the SPA first: each signed-in page
// (SIGNED_IN_PAGES), whose HTML carries its first reads, and the sign-in page for a
// visitor, each against the baseline serving the same bytes.
// `soak` (only when named) keeps 20 connections of mixed traffic (18 signed in, over every
// read and the signed-in pages in turn; 2 visitors, each page at a new address, so
// rendered) for `--soak-seconds` (600) after the warm-up, and
// samples the server's RSS, its JavaScript heap (committed and used, from its metrics) and
// the p99 of each 10 s window: RSS growth over the last half, the highest RSS and heap,
// the worst window's p99.
// `visitor_renders` asks for 512 visitor's pages, each at an address never asked for
// before (`/ru/login/1?n=…`, so each one rendered), one after another: the server's RSS
// and heap after 256 and 512 pages and after 30 s idle, and how many came rendered.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { initdbTemplatePath } from '../server/db/pglite-folder.ts';
import { memoryMiB, startServer, type RunningServer } from '../test/e2e/server.ts';
import { demoSession } from './demo-session.ts';
import { flag, option } from './lib/args.ts';
import { buildSpa } from './lib/build.ts';

const json = flag('--json');
const duration = Number(option('--duration') ?? 20);
const soakSeconds = Number(option('--soak-seconds') ?? 600);
const warmup = Number(option('--warmup') ?? 5);
const MEASURES = [
  'profile_read',
  'payment_status_poll',
  'signed_in_page',
  'sign_ins',
  'sign_in_flood',
  'cold_start',
  'reads',
  'visitor_renders',
  'soak',
] as const;
type Measure = (typeof MEASURES)[number];
const only = option('--only');
const chosen = new Set<string>(
  only !== undefined ? only.split(',') : MEASURES.filter((measure) => measure !== 'soak'),
);
for (const name of chosen) {
  if (!(MEASURES as readonly string[]).includes(name)) {
    throw new Error(`--only: no measure ${name}; the measures are ${MEASURES.join(', ')}`);
  }
}
const wants = (measure: Measure) => chosen.has(measure);
const database = process.env['DATABASE_URL'] ? 'postgresql' : 'pglite';
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Load {
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

/** Every GET the SPA makes while signed in (issue 33), by name; `{username}` is the demo's. */
const READS: Record<string, string> = {
  profile: '/api/v1/profile/',
  subscription: '/api/subscription/',
  autopayment: '/api/autopayment/',
  prices: '/api/v1/subscription/prices/',
  price: '/api/v1/subscription/price/?plan=mini',
  conversion: '/api/subscription/convertion/?plan=premium&interval=yearly',
  in_advance: '/api/subscription/in_advance/?plan=premium&interval=yearly',
  change_cost: '/api/v1/subscription/change-cost/?plan=premium&interval=yearly',
  countries: '/api/v1/countries/',
  current_country: '/api/v1/countries/current/en',
  teams: '/api/v1/teams/',
  team: '/api/v1/team/',
  users_lookup: '/api/v1/users/?username={username}',
  webgis_refs: '/api/v1/webgis/refs/',
  webgis_my: '/api/v1/webgis/my/',
  webgis_locations: '/api/v1/webgis/cluster/locations/',
  releases: '/api/v1/releases',
  onpremise_bindings: '/api/v1/onpremise/bindings/',
  legal: '/api/v1/legal/terms/en/',
  payments: '/api/v1/payments/?page=1',
  card: '/api/v1/card/',
  invitations: '/api/v1/team/invitations/',
  social_accounts: '/api/v1/profile/social/',
  sessions: '/api/v1/sessions/',
  security_events: '/api/v1/security/events/',
  passkeys: '/api/v1/security/passkeys/',
  two_factor: '/api/v1/security/two-factor/',
};

/** The signed-in pages whose HTML carries their first reads (decision 0009). */
const SIGNED_IN_PAGES = [
  '/en/profile',
  '/en/subscription',
  '/en/subscription/update?plan=premium&period=monthly',
  '/en/webgis',
  '/en/teammanage',
];

const ACCOUNTS = 60;
const PASSWORD = 'Bench-pass-1';

/** Confirmed accounts made through the API and the development mailbox. */
async function makeAccounts(server: RunningServer, csrf: string, count: number) {
  const made: { email: string; address: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `bench-${Date.now().toString(36)}-${index}@example.com`;
    const address = `198.51.100.${index + 1}`;
    const jar = new Map([['csrftoken', csrf]]);
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const post = async (route: string, form: Record<string, string>) => {
      const answer = await fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: cookie(),
          'x-csrftoken': csrf,
          'x-forwarded-for': address,
        },
        body: new URLSearchParams(form),
      });
      if (answer.status !== 200) {
        throw new Error(`${route} answered ${answer.status}: ${await answer.text()}`);
      }
      for (const line of answer.headers.getSetCookie()) {
        const [name = '', value = ''] = line.split(';')[0]!.split('=');
        jar.set(name, value);
      }
    };
    await post('/api/auth/signup/', { email, password: PASSWORD, agree: 'on' });
    let code: string | undefined;
    for (let tries = 0; tries < 100 && !code; tries += 1) {
      const mails = (await (
        await fetch(`${server.url}/api/dev/mails/?to=${encodeURIComponent(email)}`)
      ).json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!code) throw new Error(`no code mailed to ${email}`);
    await post('/api/auth/signup/confirm/', { code });
    await post('/api/auth/signup/details/', {
      first_name: 'Bench',
      last_name: 'User',
      country: 'DE',
    });
    made.push({ email, address });
  }
  return made;
}

async function load(spec: Load, seconds = duration): Promise<Result> {
  return (await loadWatched(spec, null, seconds)).result;
}

/** The clock ticks a second that /proc counts CPU time in. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The CPU time a process's main thread has taken so far, in ms (Linux's /proc). */
function mainThreadMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * A load, and how busy each side was while it was measured (the warm-up aside), as a
 * share of the time: the main thread of the process answering (`pid`), and this
 * process, which drives the load. A side near 1 is what bounds the figure: where this
 * process is, the answers come as fast as the load's client can take them.
 */
async function loadWatched(spec: Load, pid: number | null, seconds = duration) {
  const { setupRequest, ...rest } = spec;
  const options = {
    ...rest,
    pipelining: 1,
    ...(setupRequest ? { requests: [{ method: spec.method, setupRequest }] } : {}),
  };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const began = { wall: performance.now(), own: process.cpuUsage(), answering: 0 };
  if (pid !== null) began.answering = mainThreadMs(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const wall = performance.now() - began.wall;
  const own = process.cpuUsage(began.own);
  const answeringMs = pid === null ? null : mainThreadMs(pid) - began.answering;
  const busy = {
    answering: answeringMs === null ? null : share(answeringMs, wall),
    driving: share((own.user + own.system) / 1000, wall),
    // The answering thread's CPU time per request: about 1/throughput while it is busy
    // throughout; what each request cost it when the client is the bound.
    answering_us_per_request:
      answeringMs === null ? null : ms((answeringMs * 1000) / result.requests.total),
  };
  return { result, busy };
}

const ms = (value: number) => Math.round(value * 10) / 10;
/** A share to three decimals (36.7% is 0.367, not 0.36700000000000005). */
const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;
const ok = (result: Result) => result.requests.total - result.non2xx - result.errors;

/** The JavaScript heap the server has committed and uses, from its Prometheus metrics. */
async function heapOf(url: string) {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const mib = (name: string) =>
    Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 2 ** 20);
  return {
    heap_committed_mib: mib('nodejs_heap_size_total_bytes'),
    heap_used_mib: mib('nodejs_heap_size_used_bytes'),
    external_mib: mib('nodejs_external_memory_bytes'),
  };
}

/** An answer the baseline serves: JSON unless it names its type. */
interface Answer {
  status: number;
  body: string;
  type?: string;
  /** Sent gzipped, as the server sends it to a browser (which takes gzip). */
  gzip?: boolean;
  /** The server's headers but those Node writes itself (date, length, connection). */
  headers: [string, string][];
}

/** Written by Node for every answer, or by the baseline from the body it sends. */
const WRITTEN_BY_NODE = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-encoding',
]);

/** Where the baseline serves an answer with the server's headers (and at the path, without). */
const SAME_ANSWER = '/same-answer';

/**
 * The baseline: the same answers from a bare Hono app, in a process of its own, each
 * twice: at its path with its status, body and type only, and under SAME_ANSWER with
 * every header the server sent as well (the security headers, the request id, caching).
 */
async function startBaseline(answers: Record<string, Answer>) {
  const source = `
    import { serve } from '@hono/node-server';
    import { Hono } from 'hono';
    import { constants, gzipSync } from 'node:zlib';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const answers = JSON.parse(text);
    const app = new Hono();
    for (const [route, answer] of Object.entries(answers)) {
      const type = { 'content-type': answer.type ?? 'application/json' };
      // Encoded once: the bare app's best with these bytes, never a text encoded per answer.
      const bytes = answer.gzip
        ? gzipSync(answer.body, { level: constants.Z_BEST_COMPRESSION })
        : Buffer.from(answer.body);
      const encoding = answer.gzip ? { 'content-encoding': 'gzip' } : {};
      const headers = { ...type, ...encoding };
      app.get(route, (c) => c.body(bytes, answer.status, headers));
      const same = { ...encoding };
      for (const [name, value] of answer.headers) {
        same[name] = same[name] === undefined ? value : [].concat(same[name], value);
      }
      app.get('${SAME_ANSWER}' + route, (c) => c.body(bytes, answer.status, same));
    }
    serve({ fetch: app.fetch, port: 0 }, (info) => console.log('port ' + info.port));
  `;
  // The answers come on its input: pages are more than one argument may hold.
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.end(JSON.stringify(answers));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const found = /port (\d+)/.exec(chunk.toString());
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { url: `http://localhost:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

interface Target {
  name: string;
  path: string;
  /** The session's headers; none for a visitor. */
  headers?: Record<string, string>;
  /** Asked for as a browser does, taking gzip. */
  gzip?: boolean;
  goal?: string;
}

/**
 * Each target's answer taken from the server once, served by the bare baseline, then
 * the server and the baseline loaded in turn at 50 connections.
 */
async function againstBaseline(origin: string, targets: Target[]) {
  const answers: Record<string, Answer> = {};
  const asked = (target: Target) => ({
    ...target.headers,
    ...(target.gzip ? { 'accept-encoding': 'gzip' } : {}),
  });
  for (const target of targets) {
    const answer = await fetch(`${origin}${target.path}`, { headers: target.headers ?? {} });
    answers[new URL(target.path, origin).pathname] = {
      status: answer.status,
      body: await answer.text(),
      type: answer.headers.get('content-type') ?? 'application/json',
      ...(target.gzip ? { gzip: true } : {}),
      headers: [...answer.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)),
    };
  }
  const baseline = await startBaseline(answers);
  const figures: Record<string, unknown> = {};
  for (const target of targets) {
    const { name, path, headers, goal } = target;
    log(
      `GET ${path} ${headers ? 'signed in' : 'as a visitor'}, then the baseline with and without its headers, 50 connections`,
    );
    const subject = await loadWatched(
      { url: `${origin}${path}`, connections: 50, headers: asked(target) },
      server.pid,
    );
    const base = await loadWatched(
      { url: `${baseline.url}${SAME_ANSWER}${path}`, connections: 50, headers: asked(target) },
      baseline.pid,
    );
    const bodyOnly = await loadWatched(
      { url: `${baseline.url}${path}`, connections: 50, headers: asked(target) },
      baseline.pid,
    );
    figures[name] = {
      status: answers[new URL(path, origin).pathname]?.status,
      subject_rps: Math.round(subject.result.requests.average),
      baseline_rps: Math.round(base.result.requests.average),
      ratio: share(subject.result.requests.average, base.result.requests.average),
      // Against the baseline sending the body and its type alone (the figure before).
      body_only_baseline_rps: Math.round(bodyOnly.result.requests.average),
      body_only_ratio: share(subject.result.requests.average, bodyOnly.result.requests.average),
      p97_5_ms: ms(subject.result.latency.p97_5),
      p99_ms: ms(subject.result.latency.p99),
      non2xx: subject.result.non2xx,
      // Which side bounded each load: the answering process's main thread, or the client.
      busy: { subject: subject.busy, baseline: base.busy, body_only: bodyOnly.busy },
      ...(goal ? { goal } : {}),
    };
  }
  baseline.stop();
  return figures;
}

async function coldStart(): Promise<{
  existing_s: number | null;
  empty_s: number | null;
  initdb_copy?: 'kept' | 'made';
}> {
  if (database === 'postgresql') {
    const started = performance.now();
    const server = await startServer();
    const existing = (performance.now() - started) / 1000;
    await server.stop();
    return { existing_s: ms(existing), empty_s: null };
  }
  // An empty folder gets a copy of the installation's initdb output, which the first new
  // folder of an installation makes (server/db/pglite-folder.ts): say which this was.
  const kept = existsSync(path.join(initdbTemplatePath(), 'PG_VERSION'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  let started = performance.now();
  const first = await startServer({}, { dataDir, keepData: true });
  const empty = (performance.now() - started) / 1000;
  await first.stop();
  started = performance.now();
  const second = await startServer({}, { dataDir, keepData: true });
  const existing = (performance.now() - started) / 1000;
  await second.stop();
  await rm(dataDir, { recursive: true, force: true });
  return { existing_s: ms(existing), empty_s: ms(empty), initdb_copy: kept ? 'kept' : 'made' };
}

log(`bench:api on ${database}: ${warmup} s warm-up, ${duration} s per load`);
const result: Record<string, unknown> = {
  database,
  load: { warmup_s: warmup, duration_s: duration, pipelining: 1 },
};
const cold = wants('cold_start') ? await coldStart() : null;
if (wants('signed_in_page') || wants('soak') || wants('visitor_renders')) buildSpa();
// The server's own metrics name its heap: what the soak's RSS is made of.
const METRICS_TOKEN = 'bench-metrics-token-of-32-characters';
// Visitors' first screens rendered within the server's default share of its time (the
// end-to-end tests' server renders every one).
const server = await startServer({ METRICS_TOKEN, PAGE_RENDER_SHARE: '25' });
// What the process holds before any load: the embedded database's share shows here.
const rssAtStart = memoryMiB(server.pid);
try {
  const session = await demoSession(server.url);
  const signedIn = { cookie: session.cookie };
  // The profile read and the payment-status poll, against one baseline serving both.
  // autocannon reports the 97.5th percentile, not the 95th: the poll's is the stricter.
  const single = [
    {
      name: 'profile_read',
      path: '/api/v1/profile/',
      headers: signedIn,
      goal: database === 'pglite' ? 'ratio >= 0.10, p99 <= 50' : 'ratio >= 0.25, p99 <= 50',
    },
    {
      name: 'payment_status_poll',
      path: '/api/autopayment/',
      headers: signedIn,
      goal: 'p95 <= 50',
    },
  ].filter(({ name }) => wants(name as Measure));
  if (single.length > 0) Object.assign(result, await againstBaseline(server.url, single));

  if (wants('reads')) {
    // A web GIS for the demo account, so its own read answers one (refused if it has one).
    await fetch(`${server.url}/api/v1/webgis/`, {
      method: 'POST',
      headers: { ...signedIn, 'content-type': 'application/json', 'x-csrftoken': session.csrf },
      body: JSON.stringify({
        subdomain_name: `bench${Date.now()}`,
        language: 'en',
        location_id: 'eu-central',
      }),
    });
    const profile = (await (
      await fetch(`${server.url}/api/v1/profile/`, { headers: signedIn })
    ).json()) as { username: string };
    const named = option('--reads')?.split(',');
    for (const name of named ?? []) {
      if (!Object.hasOwn(READS, name))
        throw new Error(`--reads: no read ${name}; the reads are ${Object.keys(READS).join(', ')}`);
    }
    const urls = Object.entries(READS)
      .filter(([name]) => named === undefined || named.includes(name))
      .map(([name, url]) => [name, url.replace('{username}', profile.username)] as const);
    const reads = await againstBaseline(
      server.url,
      urls.map(([name, url]) => ({ name, path: url, headers: signedIn })),
    );
    result['reads'] = { ...reads, goal: 'each ratio >= 0.25, p99 <= 50' };
  }

  if (wants('soak')) {
    // The users lookup is left out: its throttle refuses most of a soak's lookups.
    const paths = [
      ...Object.entries(READS)
        .filter(([name]) => name !== 'users_lookup')
        .map(([, url]) => url),
      ...SIGNED_IN_PAGES,
    ];
    const mixed = { url: server.url, connections: 18, pipelining: 1, headers: signedIn };
    const requests = paths.map((route) => ({ method: 'GET' as const, path: route }));
    // Two of the 20 connections are visitors, each page at an address never asked for
    // before (its own query): each one the server renders, none it has kept.
    let visited = 0;
    const visitors = {
      url: server.url,
      connections: 2,
      pipelining: 1,
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (request: object) => ({
            ...request,
            path: `/ru/login/1?n=${(visited += 1)}`,
          }),
        },
      ],
    };
    log(
      `soak: 18 connections over ${paths.length} reads and pages, 2 of visitors at new addresses, ${soakSeconds} s`,
    );
    if (warmup > 0)
      await Promise.all([
        autocannon({ ...mixed, requests, duration: warmup }),
        autocannon({ ...visitors, duration: warmup }),
      ]);
    const WINDOW_S = 10;
    const windows: {
      p99_ms: number;
      rss_mib: number;
      answers: number;
      heap_committed_mib?: number;
      heap_used_mib?: number;
      external_mib?: number;
    }[] = [];
    const heaps: Promise<unknown>[] = [];
    let latencies: number[] = [];
    const sampler = setInterval(() => {
      const sorted = latencies.sort((a, b) => a - b);
      latencies = [];
      const window = {
        p99_ms: ms(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0),
        rss_mib: memoryMiB(server.pid),
        answers: sorted.length,
      };
      windows.push(window);
      heaps.push(heapOf(server.url).then((heap) => Object.assign(window, heap)));
    }, WINDOW_S * 1000);
    const load = (options: autocannon.Options) =>
      new Promise<Result>((resolve, reject) => {
        const instance = autocannon(options, (error, done) =>
          error ? reject(error) : resolve(done),
        );
        instance.on('response', (_client, _status, _bytes, responseTime) => {
          latencies.push(responseTime);
        });
      });
    const [soak, visits] = await Promise.all([
      load({ ...mixed, requests, duration: soakSeconds }),
      load({ ...visitors, duration: soakSeconds }),
    ]);
    clearInterval(sampler);
    await Promise.all(heaps);
    const rss = windows.map((window) => window.rss_mib);
    const half = rss[Math.floor(rss.length / 2)] ?? 0;
    const last = rss.at(-1) ?? 0;
    result['soak'] = {
      connections: 20,
      seconds: soakSeconds,
      answered_per_second: Math.round(soak.requests.average),
      visitor_pages_per_second: Math.round(visits.requests.average),
      non2xx: soak.non2xx + visits.non2xx,
      failed: soak.errors + soak.timeouts + visits.errors + visits.timeouts,
      rss_at_half_mib: half,
      rss_at_end_mib: last,
      rss_growth_last_half: half ? share(last - half, half) : null,
      rss_peak_mib: Math.max(...rss),
      worst_window_p99_ms: Math.max(...windows.map((window) => window.p99_ms)),
      heap_committed_peak_mib: Math.max(...windows.map((window) => window.heap_committed_mib ?? 0)),
      heap_used_peak_mib: Math.max(...windows.map((window) => window.heap_used_mib ?? 0)),
      windows,
      goal: 'rss_growth_last_half < 0.05, rss_peak_mib <= 384, worst_window_p99_ms <= 100',
    };
  }

  if (wants('visitor_renders')) {
    log('visitor_renders: 512 visitor pages at new addresses, one after another');
    const sample = async () => ({ rss_mib: memoryMiB(server.pid), ...(await heapOf(server.url)) });
    const before = await sample();
    const samples: Record<string, unknown> = { before };
    let rendered = 0;
    // A page past the renders' share of the server's time goes unrendered: it is asked
    // for again, a tenth of a second later, until it comes rendered (ten times at most).
    for (let n = 0; n < 512; n += 1) {
      for (let asked = 0; asked < 10; asked += 1) {
        const html = await (await fetch(`${server.url}/ru/login/1?n=${n}`)).text();
        if (html.includes('<div id="root" inert>')) {
          rendered += 1;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (n === 255) samples['after_256'] = await sample();
    }
    samples['after_512'] = await sample();
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    samples['idle_30_s'] = await sample();
    result['visitor_renders'] = { pages: 512, rendered, ...samples, goal: 'rss_mib <= 384' };
  }

  if (wants('signed_in_page')) {
    // Each signed-in page as the server made it for the demo account (its HTML carries
    // the page's first reads, decision 0009), and the sign-in page for a visitor, each
    // against the bare baseline serving the very bytes. Each is asked for as a browser
    // asks, taking gzip.
    const visitorPage = '/en/login/1';
    const pages = await againstBaseline(server.url, [
      ...SIGNED_IN_PAGES.map((page) => ({
        name: page,
        path: page,
        headers: signedIn,
        gzip: true,
        goal: 'ratio >= 0.25, p99 <= 100',
      })),
      // The visitor's page is kept gzipped and sent as it is.
      { name: visitorPage, path: visitorPage, gzip: true, goal: 'ratio >= 0.5' },
    ]);
    result['signed_in_page'] = pages;
  }

  if (wants('sign_ins') || wants('sign_in_flood')) {
    log(`making ${ACCOUNTS} accounts to sign in with`);
    const accounts = await makeAccounts(server, session.csrf, ACCOUNTS);
    const signInLoad = (connections: number): Load => {
      let turn = 0;
      return {
        url: `${server.url}/api/auth/login/`,
        connections,
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `csrftoken=${session.csrf}`,
          'x-csrftoken': session.csrf,
        },
        // Each sign-in is another person's, from their own address, as in real traffic:
        // one account signing in 8 times at once is a guess the throttle refuses.
        setupRequest: (request) => {
          const account = accounts[turn++ % accounts.length]!;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': account.address },
            body: new URLSearchParams({ login: account.email, password: PASSWORD }).toString(),
          };
        },
      };
    };
    if (wants('sign_ins')) {
      log('POST /api/auth/login/, 8 connections');
      const signIns = await load(signInLoad(8));
      result['sign_ins'] = {
        connections: 8,
        per_second: ms(ok(signIns) / duration),
        refused: signIns.non2xx,
        failed: signIns.errors + signIns.timeouts,
        p99_ms: ms(signIns.latency.p99),
        goal: 'per_second >= 20',
      };
    }
    if (wants('sign_in_flood')) {
      log('a 100-connection sign-in flood, with profile reads beside it');
      const quiet = await load({
        url: `${server.url}/api/v1/profile/`,
        connections: 10,
        headers: signedIn,
      });
      let peak = memoryMiB(server.pid);
      const sampler = setInterval(() => {
        peak = Math.max(peak, memoryMiB(server.pid));
      }, 250);
      const [flood, beside] = await Promise.all([
        load(signInLoad(100)),
        load({ url: `${server.url}/api/v1/profile/`, connections: 10, headers: signedIn }),
      ]);
      clearInterval(sampler);
      const alive =
        (await fetch(`${server.url}/api/v1/profile/`, { headers: signedIn })).status === 200;
      result['sign_in_flood'] = {
        connections: 100,
        answered_per_second: ms(flood.requests.average),
        signed_in_per_second: ms(ok(flood) / duration),
        statuses: Object.fromEntries(
          Object.entries(flood.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
        ),
        rss_at_start_mib: rssAtStart,
        rss_peak_mib: peak,
        rss_after_mib: memoryMiB(server.pid),
        // The process's own high-water mark: its start (the embedded database opening)
        // included, which the flood's samples do not see.
        rss_lifetime_peak_mib: memoryMiB(server.pid, 'VmHWM'),
        other_p99_ms: ms(beside.latency.p99),
        other_answered: ok(beside),
        other_failed: beside.errors + beside.timeouts + beside.non2xx,
        other_p99_quiet_ms: ms(quiet.latency.p99),
        alive,
        goal: 'rss_peak_mib <= 512, other_p99_ms <= 150, alive',
      };
    }
  }
  if (cold) result['cold_start'] = { ...cold, goal: 'existing_s <= 1, empty_s <= 3' };
  if (json) console.log(JSON.stringify(result, null, 2));
  else {
    for (const [measure, values] of Object.entries(result)) {
      console.log(`${measure.padEnd(20)} ${JSON.stringify(values)}`);
    }
  }
} finally {
  await server.stop();
}
