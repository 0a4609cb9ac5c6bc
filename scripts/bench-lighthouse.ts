// npm run bench:lighthouse [-- --json] [-- --runs N] [-- --only <page>,<page>]
//
// Builds the SPA, serves it with the real server (embedded PGlite, or PostgreSQL when
// DATABASE_URL is set) and runs Lighthouse's mobile preset in Debian's Chromium on the
// sign-in page and every signed-in page of issue 33's goal (profile, subscription,
// checkout, software, teams, on-premise, web GIS), signed in as the demo account where
// the page needs it; the demo account's web GIS is made (through the API) after the
// other pages, for its settings page, measured last. Each page is measured `--runs`
// times (3); the run with the median performance score is reported, with the measures
// that missed their goal. `--only` measures the pages named. Prints a table, or with
// --json one JSON object.
//
// Twice: over HTTPS, where the server speaks HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE; here a
// throwaway self-signed certificate, which this Chromium is told to accept), as a
// deployment serves the portal; then over plain HTTP/1.1, as `npm start` serves it on
// this machine. Over HTTP/1.1 a browser keeps six connections to a host, each starting
// cold, so the page's requests queue for them; HTTP/2 sends them together on one.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../test/e2e/browser.ts';
import { startServer } from '../test/e2e/server.ts';
import { throwawayCertificate } from '../test/e2e/tls.ts';
import { demoSession, demoWebgis } from './demo-session.ts';
import { flag, option } from './lib/args.ts';
import { buildSpa } from './lib/build.ts';
import { chosenPages } from './lib/pages.ts';

const json = flag('--json');
const runs = Number(option('--runs') ?? 3);
const log = (line: string) => process.stderr.write(`${line}\n`);

const pages = chosenPages(option('--only'));

/** A floor for a score, a ceiling for a time or a shift. */
type Goal = { at_least: number } | { at_most: number };
type Goals = Record<
  'performance' | 'lcp_ms' | 'cls' | 'accessibility' | 'best_practices' | 'seo',
  Goal
>;

const quality = {
  cls: { at_most: 0.1 },
  accessibility: { at_least: 100 },
  best_practices: { at_least: 100 },
  seo: { at_least: 95 },
} as const;
const goals: { pages: Goals; http1_pages: Goals } = {
  /** Issue 13's, over HTTPS with HTTP/2. */
  pages: { performance: { at_least: 90 }, lcp_ms: { at_most: 2500 }, ...quality },
  /** Issue 33's: every page, over HTTP/1.1. */
  http1_pages: { performance: { at_least: 95 }, lcp_ms: { at_most: 2000 }, ...quality },
};

/** The measures of a run that are off their goal, by name. */
function missed(measure: Measure, goal: Goals): string[] {
  return Object.entries(goal).flatMap(([name, bound]) => {
    const value = measure[name as keyof Goals];
    const ok = 'at_least' in bound ? value >= bound.at_least : value <= bound.at_most;
    return ok ? [] : [name];
  });
}

interface Measure {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  lcp_ms: number;
  cls: number;
  tbt_ms: number;
  /** Lighthouse's measure of this machine's CPU speed in the run (higher is faster). */
  benchmark_index: number;
  /** The audits of the four categories that did not pass, by id. */
  failing: string[];
}

interface Reported extends Measure {
  /** The performance score of every run, lowest first. */
  runs: number[];
  /** The measures of the reported run off this transport's goals. */
  missed: string[];
}

buildSpa();

/** Every page measured against one server, over HTTPS (HTTP/2) or plain HTTP/1.1. */
async function measure(tls: boolean, goal: Goals): Promise<Record<string, Reported>> {
  const certificate = tls ? await throwawayCertificate() : null;
  // The sandbox starts the web GIS at once instead of after 5 s.
  const server = await startServer({ ...certificate?.env, WEBGIS_PROVISION_SECONDS: '0' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      ...(tls ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const result: Record<string, Reported> = {};
  try {
    const session = await demoSession(server.url, certificate?.cert);
    const { cookie } = session;
    let signedIn = false;
    let webgis = false;
    for (const page of pages) {
      if (page.webgis && !webgis) {
        await demoWebgis(server.url, session, certificate?.cert);
        webgis = true;
      }
      if (page.signedIn && !signedIn) {
        // The session's cookies in the browser Lighthouse drives (it keeps cookies between
        // runs): the page itself reads the signed-in hint, which a request header cannot give.
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const cookies = cookie.split('; ').map((pair) => {
          const [name = '', value = ''] = pair.split('=');
          return { name, value, url: server.url };
        });
        await browser.contexts()[0]?.addCookies(cookies);
        await browser.close();
        signedIn = true;
      }
      const measures: Measure[] = [];
      for (let run = 0; run < runs; run += 1) {
        log(`${tls ? 'https' : 'http'} ${page.name}: run ${run + 1} of ${runs}`);
        const url = `${server.url}${page.path}`;
        measures.push(await lighthouseRun(url, chrome.port, tls ? 'h2' : 'http/1.1'));
      }
      measures.sort((a, b) => a.performance - b.performance);
      const median = measures[Math.floor(measures.length / 2)]!;
      result[page.name] = {
        ...median,
        runs: measures.map((m) => m.performance),
        missed: missed(median, goal),
      };
    }
  } finally {
    await chrome.kill();
    await server.stop();
    await certificate?.remove();
  }
  return result;
}

async function lighthouseRun(url: string, port: number, protocol: string): Promise<Measure> {
  const answer = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = answer?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  // A page that sent the browser elsewhere (to sign in) measured another page.
  const shown = new URL(lhr.finalDisplayedUrl);
  if (shown.pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${shown.pathname}${shown.search}`);
  }
  // The page itself came over the protocol this run is for.
  const details = lhr.audits['network-requests']?.details as
    { items?: { url?: string; protocol?: string }[] } | undefined;
  const documentProtocol = details?.items?.find((item) => item.url === url)?.protocol;
  if (documentProtocol !== protocol) {
    throw new Error(`${url} came over ${documentProtocol ?? 'nothing'}, not ${protocol}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    lcp_ms: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    tbt_ms: Math.round(audit('total-blocking-time')),
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
    failing: ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
  };
}

const https = await measure(true, goals.pages);
const http = await measure(false, goals.http1_pages);
const met = (result: Record<string, Reported>) =>
  Object.values(result).every((page) => page.missed.length === 0);

const output = {
  database: process.env['DATABASE_URL'] ? 'postgresql' : 'pglite',
  preset: 'Lighthouse mobile (default), median of runs by performance',
  /** Over HTTPS, HTTP/2: as a deployment serves the portal. */
  pages: https,
  /** Over plain HTTP/1.1: as `npm start` serves it on this machine. */
  http1_pages: http,
  goals,
  /** Every page measured met its transport's goals. */
  met: { pages: met(https), http1_pages: met(http) },
};
if (json) console.log(JSON.stringify(output, null, 2));
else {
  for (const [transport, result] of [
    ['https, HTTP/2', https],
    ['http, HTTP/1.1', http],
  ] as const) {
    console.log(`${transport}: ${met(result) ? 'every goal met' : 'goals MISSED'}`);
    for (const [name, measure] of Object.entries(result)) {
      console.log(`  ${name.padEnd(12)} ${JSON.stringify(measure)}`);
    }
  }
  console.log(`goals: ${JSON.stringify(goals)}`);
}
