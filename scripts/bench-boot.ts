// npm run bench:boot [-- --json] [-- --runs N] [-- --only <page>,<page>]
//
// Where a page's start-up spends the browser's main thread. Builds the SPA with source
// maps into a temporary folder, serves it with the real server (embedded PGlite, or
// PostgreSQL when DATABASE_URL is set) and loads each page of bench:lighthouse (the
// signed-in ones as the demo account) in Debian's Chromium with its CPU slowed four
// times, as Lighthouse's mobile preset simulates it, and its cache off, under the
// DevTools CPU profiler from the navigation until the network is idle. Each sample is
// put, through the source maps, on the package or the app's folder whose code ran
// (`browser` is the engine's own work: parsing, style, layout, compiling). Each page is
// loaded `--runs` times (3); the run with the median main-thread time is reported: its
// largest contentful paint as seen (not Lighthouse's simulation), its main-thread time,
// that time by part, and the functions that took most of it themselves.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Protocol } from 'devtools-protocol';
import { launchChromium } from '../test/e2e/browser.ts';
import { startServer } from '../test/e2e/server.ts';
import { demoSession, demoWebgis } from './demo-session.ts';
import { flag, option } from './lib/args.ts';
import { buildSpa } from './lib/build.ts';
import { chosenPages } from './lib/pages.ts';

const json = flag('--json');
const runs = Number(option('--runs') ?? 3);
const pages = chosenPages(option('--only'));
const log = (line: string) => process.stderr.write(`${line}\n`);
/** Lighthouse's mobile preset: a CPU four times slower than this machine's. */
const CPU_SLOWDOWN = 4;
const TOP = 12;

interface Boot {
  lcp_ms: number;
  main_thread_ms: number;
  /** Main-thread milliseconds by package or app folder, largest first. */
  parts: Record<string, number>;
  /** The functions that took most time themselves: `name (file:line)`, ms. */
  functions: Record<string, number>;
}

/** The original place of a position in a built file, through its source map. */
function sourceMaps(root: string) {
  const maps = new Map<string, Promise<SourceMap | null>>();
  const mapOf = (file: string) => {
    let map = maps.get(file);
    if (map === undefined) {
      map = readFile(path.join(root, 'assets', `${file}.map`), 'utf8').then(
        (text) => new SourceMap(JSON.parse(text) as SourceMapPayload),
        () => null,
      );
      maps.set(file, map);
    }
    return map;
  };
  return async (frame: Protocol.Runtime.CallFrame) => {
    const file = /\/assets\/([\w.-]+\.js)$/.exec(frame.url)?.[1];
    const map = file && frame.lineNumber >= 0 ? await mapOf(file) : null;
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) {
      // A chunk's own top-level code (its modules' statements run as it loads) maps to no
      // function; what has no address at all is the engine's.
      if (!file) return { part: 'browser', place: frame.functionName || '(native)' };
      const chunk = `top level of ${file.replace(/-[\w]{8}\.js$/, '')}`;
      return { part: chunk, place: chunk };
    }
    const source = entry.originalSource
      .replace(/^(\.\.\/)+/, '')
      .replace(/^.*?(src|machines|contract)\//, '$1/');
    const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const part = module ?? source.replace(/^((?:src|machines|contract)(?:\/[^/]+(?=\/))?).*/, '$1');
    // Node gives the name a mapping carries too; its types do not say so yet.
    const name = (entry as { name?: string }).name || frame.functionName;
    const shortSource = source.replace(/^.*node_modules\//, '');
    return { part, place: `${name || '(anonymous)'} (${shortSource}:${entry.originalLine + 1})` };
  };
}

/** Milliseconds by key, largest first, the first `count`. */
const largest = (sums: Map<string, number>, count: number) =>
  Object.fromEntries(
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, us]) => [key, Math.round(us / 1000)]),
  );

async function attribute(
  profile: Protocol.Profiler.Profile,
  placeOf: ReturnType<typeof sourceMaps>,
): Promise<Omit<Boot, 'lcp_ms'>> {
  const selfTime = new Map<number, number>();
  profile.samples?.forEach((node, index) =>
    selfTime.set(node, (selfTime.get(node) ?? 0) + (profile.timeDeltas?.[index] ?? 0)),
  );
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = selfTime.get(node.id) ?? 0;
    const native = node.callFrame.functionName;
    if (us === 0 || native === '(idle)') continue;
    busy += us;
    // The engine's own work, and its collector, are no package's.
    const place =
      native === '(program)' || native === '(garbage collector)'
        ? { part: 'browser', place: native }
        : await placeOf(node.callFrame);
    parts.set(place.part, (parts.get(place.part) ?? 0) + us);
    functions.set(place.place, (functions.get(place.place) ?? 0) + us);
  }
  return {
    main_thread_ms: Math.round(busy / 1000),
    parts: largest(parts, TOP),
    functions: largest(functions, TOP),
  };
}

const root = await mkdtemp(path.join(tmpdir(), 'portal-boot-'));
buildSpa({ outDir: root });
// The sandbox starts the web GIS at once instead of after 5 s.
const server = await startServer({ STATIC_DIR: root, WEBGIS_PROVISION_SECONDS: '0' });
const browser = await launchChromium();
const result: Record<string, Boot & { runs_ms: number[] }> = {};
try {
  const session = await demoSession(server.url);
  const context = await browser.newContext();
  const placeOf = sourceMaps(root);
  let webgis = false;
  for (const page of pages) {
    if (page.webgis && !webgis) {
      await demoWebgis(server.url, session);
      webgis = true;
    }
    await context.clearCookies();
    if (page.signedIn) {
      await context.addCookies(
        session.cookie.split('; ').map((pair) => {
          const [name = '', value = ''] = pair.split('=');
          return { name, value, url: server.url };
        }),
      );
    }
    const boots: Boot[] = [];
    for (let run = 0; run < runs; run += 1) {
      log(`${page.name}: run ${run + 1} of ${runs}`);
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await tab.goto(`${server.url}${page.path}`, { waitUntil: 'networkidle' });
      const { profile } = await cdp.send('Profiler.stop');
      const lcp = await tab.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(Number.NaN), 5_000);
          }),
      );
      const shown = new URL(tab.url()).pathname;
      if (!page.path.startsWith(shown)) throw new Error(`${page.path} showed ${shown}`);
      boots.push({ lcp_ms: Math.round(lcp), ...(await attribute(profile, placeOf)) });
      await tab.close();
    }
    boots.sort((a, b) => a.main_thread_ms - b.main_thread_ms);
    const median = boots[Math.floor(boots.length / 2)]!;
    result[page.name] = { ...median, runs_ms: boots.map((boot) => boot.main_thread_ms) };
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(root, { recursive: true, force: true });
}

if (json) {
  process.stdout.write(`${JSON.stringify({ cpu_slowdown: CPU_SLOWDOWN, pages: result })}\n`);
} else {
  for (const [name, boot] of Object.entries(result)) {
    console.log(
      `${name}: LCP ${boot.lcp_ms} ms, main thread ${boot.main_thread_ms} ms at ${CPU_SLOWDOWN}x slower (runs ${boot.runs_ms.join(', ')})`,
    );
    for (const [part, ms] of Object.entries(boot.parts))
      console.log(`  ${String(ms).padStart(6)} ms  ${part}`);
    console.log('  functions:');
    for (const [place, ms] of Object.entries(boot.functions))
      console.log(`  ${String(ms).padStart(6)} ms  ${place}`);
  }
}
