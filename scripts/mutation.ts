// npm run mutation [-- --json] [-- --mutate <glob>…]: StrykerJS plants small bugs (a
// changed target, guard, assign, delay, condition, string) in machines/, contract/ and
// the server's domain folders, one at a time, and runs the unit and server tests that
// cover each (stryker.config.json, scripts/mutation/). Prints the mutation score per
// folder: of the valid mutants, the share some test caught. Incremental: a rerun tests
// again only what changed since reports/mutation/incremental.json. Not part of npm test;
// a whole run takes hours on two cores. With --json, stdout carries the scores alone.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
/** The folders scored apart; a file counts for the first that holds it. */
const FOLDERS = [
  'machines/',
  'contract/',
  'server/identity/',
  'server/billing/',
  'server/teams/',
  'server/webgis/',
  'server/onpremise/',
  'server/consultation/',
  'server/software/',
];

const json = process.argv.includes('--json');
const passed = process.argv.slice(2).filter((word) => word !== '--json');
// `--testFiles a,b` scopes the run through the tests' own config (scripts/mutation/
// vitest.config.ts says why), not through Stryker's option of that name.
// Both spellings are taken: `--testFiles a,b` and `--testFiles=a,b`.
const scoped = passed.findIndex((word) => word.split('=')[0] === '--testFiles');
let testFiles: string | undefined;
if (scoped !== -1) {
  const [word = '', next] = passed.splice(scoped, passed[scoped] === '--testFiles' ? 2 : 1);
  testFiles = word === '--testFiles' ? next : word.slice('--testFiles='.length);
  if (!testFiles) {
    console.error('--testFiles needs a comma-separated list of test files');
    process.exit(1);
  }
}
const run = spawnSync('node_modules/.bin/stryker', ['run', ...passed], {
  env: testFiles === undefined ? process.env : { ...process.env, MUTATION_TEST_FILES: testFiles },
  // With --json, stdout carries only the scores, so Stryker's output goes to stderr.
  stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
});
if (run.status !== 0) {
  console.error(`stryker ended with ${run.status ?? run.signal}`);
  process.exit(1);
}

type Mutant = {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
};
type Tally = { killed: number; survived: number; timeout: number; noCoverage: number };
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as {
  files: Record<string, { mutants: Mutant[] }>;
};
const tallies = new Map<string, Tally & { survivors: string[] }>();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const folder = FOLDERS.find((name) => file.startsWith(name)) ?? 'other';
  const tally = tallies.get(folder) ?? {
    killed: 0,
    survived: 0,
    timeout: 0,
    noCoverage: 0,
    survivors: [],
  };
  for (const mutant of mutants) {
    if (mutant.status === 'Killed') tally.killed += 1;
    else if (mutant.status === 'Timeout') tally.timeout += 1;
    else if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
      if (mutant.status === 'Survived') tally.survived += 1;
      else tally.noCoverage += 1;
      tally.survivors.push(
        `${file}:${mutant.location.start.line} ${mutant.mutatorName} → ${JSON.stringify(mutant.replacement ?? '')}`,
      );
    }
    // Ignored, CompileError and RuntimeError mutants are not valid ones: not counted.
  }
  tallies.set(folder, tally);
}

const rows = [...tallies].map(([folder, tally]) => {
  const caught = tally.killed + tally.timeout;
  const valid = caught + tally.survived + tally.noCoverage;
  return { folder, ...tally, score: valid === 0 ? null : Math.round((caught / valid) * 1000) / 10 };
});
if (json) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  console.log('\nfolder                 killed  survived  no cover  timeout  score');
  for (const row of rows) {
    console.log(
      `${row.folder.padEnd(22)} ${String(row.killed).padStart(6)}  ${String(row.survived).padStart(8)}  ${String(row.noCoverage).padStart(8)}  ${String(row.timeout).padStart(7)}  ${row.score === null ? '—' : `${row.score}%`}`,
    );
  }
  for (const row of rows) {
    if (row.survivors.length === 0) continue;
    console.log(`\nsurvivors in ${row.folder}:`);
    for (const line of row.survivors) console.log(`  ${line}`);
  }
  console.log(`\nreport: ${REPORT.replace('.json', '.html')}`);
}
