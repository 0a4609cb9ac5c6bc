/**
 * `npm test`: every check the repo has, in order, on one machine: type check, lint,
 * formatting, unit/machine/view tests, path coverage (from the path tests' reports of
 * that run), server tests, the fault tests on a PostgreSQL of their own and the e2e
 * tests in Chromium (each skipped, loudly, only where its binaries are missing and this
 * is not CI), with SERVER_TESTS_DATABASE_URL the server tests again on that PostgreSQL
 * beside them. Ends with one line: `total: N passed, M failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../test/e2e/browser.ts';
import { postgresBin } from '../test/faults/postgres.ts';

const bin = (name: string) => path.join('node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failed test, with its file, named again at the end (CI shows an output's tail). */
const failedTests: string[] = [];

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  if (!ok) failures.push(title);
  return ok;
}

/**
 * With UNIT_TESTS_BUSY=1 (CI sets it), the unit, machine and view tests run once, with
 * every core kept busy (scripts/busy.ts, as `npm run test:busy`), instead of on an idle
 * machine: the same tests, proven not to depend on the machine's speed.
 */
const unitBusy = process.env['UNIT_TESTS_BUSY'] === '1';

function vitestArgs(project: string, report: string, extra: string[] = []): string[] {
  return [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ];
}

/** Adds a run's tests to the totals; a run that left no report failed. */
function count(report: string): void {
  if (!existsSync(report)) {
    failed += 1;
    return;
  }
  const counts = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: {
      name: string;
      message?: string;
      assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
    }[];
  };
  passed += counts.numPassedTests;
  failed += counts.numFailedTests;
  for (const file of counts.testResults) {
    const where = path.relative(process.cwd(), file.name);
    if (file.message) failedTests.push(`${where}\n    ${file.message.slice(0, 400)}`);
    for (const test of file.assertionResults.filter((one) => one.status === 'failed')) {
      const message = test.failureMessages[0]?.split('\n')[0] ?? '';
      failedTests.push(`${where} > ${test.fullName}\n    ${message.slice(0, 400)}`);
    }
  }
}

function vitest(title: string, project: string, extra: string[] = [], busy = false): void {
  const report = path.join(reports, `${project}.json`);
  const args = vitestArgs(project, report, extra);
  if (busy) run(title, process.execPath, ['scripts/busy.ts', bin('vitest'), ...args]);
  else run(title, bin('vitest'), args);
  count(report);
}

/**
 * With SERVER_TESTS_DATABASE_URL (CI sets it), the server tests run a second time, on
 * that PostgreSQL, beside the end-to-end tests, which wait on the browser much of the
 * time and leave a core idle. Their output is shown when they end.
 */
function serverTestsBeside(url: string): () => Promise<void> {
  const title = 'server tests again, on PostgreSQL (run beside the end-to-end tests)';
  const report = path.join(reports, 'server-postgresql.json');
  const log = path.join(reports, 'server-postgresql.log');
  const out = openSync(log, 'w');
  const child = spawn(bin('vitest'), vitestArgs('server', report), {
    stdio: ['ignore', out, out],
    env: { ...process.env, DATABASE_URL: url },
  });
  const ended = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  return async () => {
    const status = await ended;
    closeSync(out);
    console.log(`\n▶ ${title}`);
    process.stdout.write(readFileSync(log, 'utf8'));
    if (status !== 0) failures.push(title);
    count(report);
  };
}

run('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('formatting', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
// The path tests run with the unit tests and leave their reports here; the coverage
// report reads them rather than running the path tests again.
const pathReports = path.join(reports, 'paths');
process.env['PATHS_REPORT_DIR'] = pathReports;
vitest(
  unitBusy
    ? 'unit, machine and view tests, with every core kept busy'
    : 'unit, machine and view tests',
  'unit',
  [],
  unitBusy,
);
delete process.env['PATHS_REPORT_DIR'];
run('path coverage of every machine', process.execPath, [
  'scripts/paths.ts',
  '--reports',
  pathReports,
]);
vitest(
  `server tests (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'embedded PGlite'})`,
  'server',
);

// The fault tests start a PostgreSQL server of their own, from Debian's binaries.
if (postgresBin()) {
  vitest('fault tests (database connections terminated, PostgreSQL restarted)', 'faults');
} else if (process.env['CI']) {
  console.error(
    '\n✖ CI has no PostgreSQL server binaries: the fault tests cannot be skipped here.',
  );
  failures.push('faults (no PostgreSQL)');
} else {
  console.warn(
    `\n${'!'.repeat(72)}\n! SKIPPED: fault tests. No PostgreSQL server under /usr/lib/postgresql.\n` +
      `! Install it with: apt-get install -y postgresql\n${'!'.repeat(72)}`,
  );
}

const postgresUrl = process.env['SERVER_TESTS_DATABASE_URL'];
const besideEndToEnd = postgresUrl ? serverTestsBeside(postgresUrl) : null;

if (existsSync(chromiumPath)) {
  vitest('end-to-end tests in Chromium', 'e2e');
} else if (process.env['CI']) {
  console.error(`\n✖ CI has no Chromium at ${chromiumPath}: the e2e tests cannot be skipped here.`);
  failures.push('e2e (no browser)');
} else {
  console.warn(
    `\n${'!'.repeat(72)}\n! SKIPPED: end-to-end tests. No Chromium at ${chromiumPath}.\n` +
      `! Install it with: apt-get install -y chromium\n${'!'.repeat(72)}`,
  );
}

await besideEndToEnd?.();

if (failedTests.length > 0) console.error(`\nFailed tests:\n${failedTests.join('\n')}`);
if (failures.length > 0) console.error(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntotal: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
