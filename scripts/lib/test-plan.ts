// A machine's generated paths as a test plan for a person: numbered steps, each with
// its whole input and the result to expect (the state and its description, written in
// the spec's words). `npm run paths -- --plan <machine>` writes it as Markdown and CSV.

export interface PlanStep {
  /** The event to cause: a user's action, `after <delay>`, or `done:`/`error:` of an effect. */
  action: string;
  /** The event's payload as JSON, whole; empty without one. */
  input: string;
  /** The state value the step leads to. */
  state: string;
  /** The descriptions of the states it is in. */
  result: string;
}

export interface PlanPath {
  /** The name of the path's test. */
  test: string;
  start: { state: string; result: string };
  steps: PlanStep[];
}

export interface TestPlan {
  machine: string;
  /** The machine's own description. */
  description: string;
  paths: PlanPath[];
}

/** One plan from the plans of a machine's suites (a machine may have several). */
export function mergePlans(plans: TestPlan[]): TestPlan | undefined {
  const [first] = plans;
  return first && { ...first, paths: plans.flatMap((plan) => plan.paths) };
}

/** A code span that holds any text, backticks included. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('|', '\\|');
}

export function planMarkdown(plan: TestPlan): string {
  const lines = [`# Test plan: ${plan.machine}`, ''];
  if (plan.description) lines.push(plan.description, '');
  lines.push(
    `${plan.paths.length} paths. Each starts afresh in its first state. Do each step with its input, then check the expected result.`,
  );
  plan.paths.forEach((path, index) => {
    lines.push(
      '',
      `## Path ${index + 1}`,
      '',
      `Test: ${code(path.test)}`,
      '',
      `Start: ${code(path.start.state)}${path.start.result ? ` — ${path.start.result}` : ''}`,
    );
    if (path.steps.length === 0) return;
    lines.push(
      '',
      '| Step | Action | Input | Expected state | Expected result |',
      '| --- | --- | --- | --- | --- |',
    );
    path.steps.forEach((step, at) => {
      const cells = [
        String(at + 1),
        code(step.action),
        step.input && code(step.input),
        code(step.state),
        step.result,
      ];
      lines.push(`| ${cells.map(cell).join(' | ')} |`);
    });
  });
  return `${lines.join('\n')}\n`;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row per step; step 0 of each path is its start. */
export function planCsv(plan: TestPlan): string {
  const rows = [['path', 'step', 'action', 'input', 'expected state', 'expected result']];
  plan.paths.forEach((path, index) => {
    const number = String(index + 1);
    rows.push([number, '0', 'start', '', path.start.state, path.start.result]);
    path.steps.forEach((step, at) => {
      rows.push([number, String(at + 1), step.action, step.input, step.state, step.result]);
    });
  });
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
