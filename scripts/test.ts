/**
 * `npm test`: every check the repo has, in order, on one machine: type check, lint,
 * formatting, unit/machine/view tests, path coverage, server tests, the fault tests
 * on a PostgreSQL of their own and the e2e tests in Chromium (each skipped, loudly,
 * only where its binaries are missing and this is not CI). Ends with one line: `total: N passed, M failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../test/e2e/browser.ts';
import { postgresBin } from '../test/faults/postgres.ts';

const bin = (name: string) => path.join('node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];

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

function vitest(title: string, project: string, extra: string[] = [], busy = false): void {
  const report = path.join(reports, `${project}.json`);
  const args = [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ];
  if (busy) run(title, process.execPath, ['scripts/busy.ts', bin('vitest'), ...args]);
  else run(title, bin('vitest'), args);
  if (!existsSync(report)) {
    failed += 1;
    return;
  }
  const counts = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  passed += counts.numPassedTests;
  failed += counts.numFailedTests;
}

run('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('formatting', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
vitest(
  unitBusy
    ? 'unit, machine and view tests, with every core kept busy'
    : 'unit, machine and view tests',
  'unit',
  [],
  unitBusy,
);
run('path coverage of every machine', process.execPath, ['scripts/paths.ts']);
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

if (failures.length > 0) console.error(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntotal: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
