// npm run paths [-- --json]: runs the model-based path tests and reports, per flow,
// how many states and transitions the generated paths reached, and how many states a
// check of the path test names. Fails below 100% of states or transitions; with --json,
// stdout holds the JSON alone, the verdict is its `ok`, and the exit code is 0 whenever
// the JSON was printed (npm, set to JSON by .npmrc, would add its error object to
// stdout after a failing script).
// npm run paths -- --plan <machine id> [--out <folder>]: also writes that machine's test
// plan for testing by hand (every path as numbered steps, each with its whole input and
// expected result) as <folder>/<machine id>.md and .csv; the folder is paths-plan/ unless
// given.
// npm run paths -- --list <machine id>: prints that plan's Markdown instead.
// -- --only <start>: runs only the path test files whose name starts with <start> and
// reports only their machines (a plan of one flow in seconds).
// -- --reports <folder>: runs no test; reports from the path tests' reports in <folder>,
// written by a run of the unit tests with PATHS_REPORT_DIR=<folder> (`npm test` does
// that, so the path tests run once).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { loadMachine, machineFiles } from './lib/machines.ts';
import { allTransitionsOf, stateNodesOf } from './lib/statechart.ts';
import { mergePlans, planCsv, planMarkdown, type TestPlan } from './lib/test-plan.ts';

interface Tally {
  total: number;
  covered: number;
  missing: string[];
}
interface Row {
  file: string;
  machine: string;
  states: Tally;
  asserted: Tally;
  transitions: Tally;
  paths: number;
  complete: boolean;
  /** States only passed through, asserted by the checks of the states they lead to. */
  passThrough: number;
  /** With a view suite: states whose real view, rendered on the paths, was checked. */
  viewed?: Tally;
  /** Some suite checks every step of its paths against a step table from the spec. */
  stepTable: boolean;
  error?: string;
}

const json = process.argv.includes('--json');
const optionValue = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const listed = optionValue('--list');
const planned = optionValue('--plan');
const planDir = optionValue('--out') ?? 'paths-plan';
const planMachine = planned ?? listed;
const only = optionValue('--only');
// With --json, stdout holds the JSON alone.
const say = json ? console.error : console.log;
const given = optionValue('--reports');
const reportDir = given ?? mkdtempSync(join(tmpdir(), 'paths-'));
try {
  const vitestStatus = given === undefined ? runVitest(reportDir) : 0;
  const reports = readReports(reportDir);
  const rows: Row[] = [];
  for (const file of machineFiles()) {
    const row = await rowFor(file, reports);
    if (only === undefined || reports.has(row.machine)) rows.push(row);
  }
  const ok = vitestStatus === 0 && rows.length > 0 && rows.every((row) => row.complete);
  if (json) printJson(rows, vitestStatus, ok);
  else printTable(rows, vitestStatus);
  const plan = planMachine === undefined ? undefined : readPlan(reportDir, planMachine);
  if (plan && listed) say(`\n${planMarkdown(plan)}`);
  if (plan && planned) writePlan(plan, planDir);
  process.exitCode = (ok || json) && (planMachine === undefined || plan) ? 0 : 1;
} finally {
  if (given === undefined) rmSync(reportDir, { recursive: true, force: true });
}

function runVitest(dir: string): number {
  const result = spawnSync(
    'node_modules/.bin/vitest',
    ['run', '--project', 'unit', `test/machines/${only ?? ''}`],
    {
      // With --json, stdout carries only the JSON, so vitest's output goes to stderr.
      stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
      env: {
        ...process.env,
        PATHS_REPORT_DIR: dir,
        ...(planMachine === undefined ? {} : { PATHS_PLAN: planMachine }),
        // vitest's `#!/usr/bin/env node` must find this Node (24), not the system one.
        PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
      },
    },
  );
  return result.status ?? 1;
}

interface Report {
  machine: string;
  states: Tally;
  asserted: Tally;
  transitions: Tally;
  paths: number;
  passThrough?: string[];
  viewed?: Tally;
  /** The suite checks every step against a step table written from the spec. */
  stepTable?: boolean;
}

function readReports(dir: string): Map<string, Report[]> {
  const byMachine = new Map<string, Report[]>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    if (!isReport(parsed)) throw new Error(`unexpected report ${name}`);
    byMachine.set(parsed.machine, [...(byMachine.get(parsed.machine) ?? []), parsed]);
  }
  return byMachine;
}

function isReport(value: unknown): value is Report {
  if (typeof value !== 'object' || value === null) return false;
  const tally = (t: unknown) =>
    typeof t === 'object' && t !== null && 'missing' in t && Array.isArray(t.missing);
  return (
    'machine' in value &&
    typeof value.machine === 'string' &&
    'paths' in value &&
    typeof value.paths === 'number' &&
    'states' in value &&
    tally(value.states) &&
    'asserted' in value &&
    tally(value.asserted) &&
    'transitions' in value &&
    tally(value.transitions)
  );
}

async function rowFor(file: string, reports: Map<string, Report[]>): Promise<Row> {
  try {
    const { machine } = await loadMachine(file);
    const stateIds = stateNodesOf(machine).map((node) => node.id);
    const transitions = allTransitionsOf(machine).map((t) => t.label);
    const found = reports.get(machine.id) ?? [];
    // Several suites of one machine: covered by any of them = missing in all of them.
    const missingIn = (all: string[], pick: (r: Report) => Tally) =>
      found.length === 0 ? all : all.filter((x) => found.every((r) => pick(r).missing.includes(x)));
    const states = tally(
      stateIds.length,
      missingIn(stateIds, (r) => r.states),
    );
    const trans = tally(
      transitions.length,
      missingIn(transitions, (r) => r.transitions),
    );
    const asserted = tally(
      stateIds.length,
      missingIn(stateIds, (r) => r.asserted),
    );
    const withView = found.filter((r) => r.viewed);
    const viewed =
      withView.length > 0
        ? tally(
            stateIds.length,
            stateIds.filter((id) => withView.every((r) => r.viewed?.missing.includes(id))),
          )
        : undefined;
    const paths = found.reduce((sum, r) => sum + r.paths, 0);
    const passThrough = found.flatMap((r) => r.passThrough ?? []);
    const complete =
      states.missing.length === 0 &&
      trans.missing.length === 0 &&
      asserted.missing.length === 0 &&
      (viewed?.missing.length ?? 0) === 0;
    return {
      file,
      machine: machine.id,
      states,
      asserted,
      ...(viewed && { viewed }),
      transitions: trans,
      paths,
      complete,
      passThrough: [...new Set(passThrough)].length,
      stepTable: found.some((r) => r.stepTable === true),
    };
  } catch (error) {
    const empty = tally(0, []);
    const message = error instanceof Error ? error.message : String(error);
    return {
      file,
      machine: '?',
      states: empty,
      asserted: empty,
      transitions: empty,
      paths: 0,
      complete: false,
      passThrough: 0,
      stepTable: false,
      error: message,
    };
  }
}

function tally(total: number, missing: string[]): Tally {
  return { total, covered: total - missing.length, missing };
}

function totals(rows: Row[]) {
  const sum = (pick: (row: Row) => number) => rows.reduce((acc, row) => acc + pick(row), 0);
  return {
    states: { total: sum((r) => r.states.total), covered: sum((r) => r.states.covered) },
    asserted: { total: sum((r) => r.asserted.total), covered: sum((r) => r.asserted.covered) },
    transitions: {
      total: sum((r) => r.transitions.total),
      covered: sum((r) => r.transitions.covered),
    },
    paths: sum((r) => r.paths),
    passThrough: sum((r) => r.passThrough),
    /** Flows whose view suite checked every state they rest in. */
    viewed: rows.filter((r) => r.viewed && r.viewed.missing.length === 0).length,
    /** Flows whose steps are checked against a step table. */
    stepTables: rows.filter((r) => r.stepTable).length,
  };
}

function printJson(rows: Row[], vitestStatus: number, ok: boolean): void {
  console.log(JSON.stringify({ machines: rows, totals: totals(rows), vitestStatus, ok }, null, 2));
}

function printTable(rows: Row[], vitestStatus: number): void {
  const header = [
    'machine',
    'states',
    'asserted',
    'pass-through',
    'view checked',
    'step table',
    'transitions',
    'paths',
    'status',
  ];
  const body = rows.map((row) => [
    row.machine === '?' ? row.file : row.machine,
    `${row.states.covered}/${row.states.total}`,
    `${row.asserted.covered}/${row.asserted.total}`,
    String(row.passThrough),
    row.viewed ? `${row.viewed.covered}/${row.viewed.total}` : '-',
    row.stepTable ? 'yes' : '-',
    `${row.transitions.covered}/${row.transitions.total}`,
    String(row.paths),
    row.error ?? (row.complete ? 'ok' : 'INCOMPLETE'),
  ]);
  const sum = totals(rows);
  const footer = [
    'total',
    `${sum.states.covered}/${sum.states.total}`,
    `${sum.asserted.covered}/${sum.asserted.total}`,
    String(sum.passThrough),
    `${sum.viewed}/${rows.filter((r) => r.viewed).length} flows`,
    `${sum.stepTables}/${rows.length} flows`,
    `${sum.transitions.covered}/${sum.transitions.total}`,
    String(sum.paths),
    '',
  ];
  const table = [header, ...body, footer];
  const widths = header.map((_, i) => Math.max(...table.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  console.log(line(footer));
  for (const row of rows.filter((r) => !r.complete && !r.error)) {
    for (const id of row.states.missing)
      console.log(`  ${row.machine}: state never entered: ${id}`);
    for (const t of row.transitions.missing) console.log(`  ${row.machine}: never taken: ${t}`);
    for (const id of row.asserted.missing.filter((s) => !row.states.missing.includes(s)))
      console.log(`  ${row.machine}: state with no check of its own: ${id}`);
    for (const id of row.viewed?.missing.filter((s) => !row.states.missing.includes(s)) ?? [])
      console.log(`  ${row.machine}: state whose view is not checked: ${id}`);
  }
  if (rows.length === 0) console.log('(no machines/*.machine.ts)');
  if (vitestStatus !== 0) console.log(`\nvitest exited with ${vitestStatus}`);
  console.log('Goal: every flow at 100% of states and transitions, every state asserted.');
  console.log(
    'asserted: states whose own check ran on some path (besides the comparison with the model);',
  );
  console.log(
    'a state only passed through (pass-through) is asserted by the checks of the states it leads to.',
  );
  console.log(
    'view checked: states whose real view, rendered with Testing Library at every step, showed what it must.',
  );
  console.log(
    'step table: every step is checked against a table written from the spec (target, context, effects, delays).',
  );
}

function readPlan(dir: string, machine: string): TestPlan | undefined {
  const plansDir = join(dir, 'plans');
  // Only the suites of `machine` write plans; a machine with several suites has several.
  const names = existsSync(plansDir) ? readdirSync(plansDir).sort() : [];
  const plan = mergePlans(
    names.map((name) => JSON.parse(readFileSync(join(plansDir, name), 'utf8')) as TestPlan),
  );
  if (!plan)
    console.error(`\nNo paths of a machine "${machine}": the ids are in the first column above.`);
  return plan;
}

function writePlan(plan: TestPlan, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const markdown = join(dir, `${plan.machine}.md`);
  const csv = join(dir, `${plan.machine}.csv`);
  writeFileSync(markdown, planMarkdown(plan));
  writeFileSync(csv, planCsv(plan));
  say(`\nThe test plan of ${plan.machine} (${plan.paths.length} paths) is in ${resolve(dir)}:`);
  say(`  ${markdown}\n  ${csv}`);
}
