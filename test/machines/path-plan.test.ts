import { describe, expect, it } from 'vitest';
import { planCsv, planMarkdown } from '../../scripts/lib/test-plan.ts';
import { generatePaths, internalEvents } from './path-harness.ts';
import { planOf } from './path-harness/plan.ts';
import { lampMachine } from './fixtures/lamp.machine.ts';
import { submitFormMachine } from './fixtures/submit-form.machine.ts';

// Longer than the test names' cut: a plan carries it whole.
const reason = 'the reader switched it on to read "War and Peace", all 1225 pages | in one night';

const plan = planOf(
  lampMachine,
  generatePaths(lampMachine, {
    events: () => [{ type: 'switch.on', reason }, { type: 'switch.off' }, { type: 'power.cut' }],
  }).sort((a, b) => a.description.localeCompare(b.description)),
);

describe('the test plan of a machine', () => {
  it('has every path with its steps, whole inputs and the states’ descriptions', () => {
    expect(plan.paths.map((path) => path.test)).toEqual([
      `switch.on {"reason":"the reader switched it on to read \\"… → power.cut ⇒ off`,
      `switch.on {"reason":"the reader switched it on to read \\"… → switch.off ⇒ off`,
    ]);
    expect(planMarkdown(plan)).toBe(`# Test plan: lamp

A lamp with a switch, on the mains.

2 paths. Each starts afresh in its first state. Do each step with its input, then check the expected result.

## Path 1

Test: \`switch.on {"reason":"the reader switched it on to read \\"… → power.cut ⇒ off\`

Start: \`off\` — The lamp is dark.

| Step | Action | Input | Expected state | Expected result |
| --- | --- | --- | --- | --- |
| 1 | \`switch.on\` | \`{"reason":"the reader switched it on to read \\"War and Peace\\", all 1225 pages \\| in one night"}\` | \`on\` | The lamp is lit, \\| and "bright", too. |
| 2 | \`power.cut\` |  | \`off\` | The lamp is dark. |

## Path 2

Test: \`switch.on {"reason":"the reader switched it on to read \\"… → switch.off ⇒ off\`

Start: \`off\` — The lamp is dark.

| Step | Action | Input | Expected state | Expected result |
| --- | --- | --- | --- | --- |
| 1 | \`switch.on\` | \`{"reason":"the reader switched it on to read \\"War and Peace\\", all 1225 pages \\| in one night"}\` | \`on\` | The lamp is lit, \\| and "bright", too. |
| 2 | \`switch.off\` |  | \`off\` | The lamp is dark. |
`);
  });

  it('is a CSV of one row per step, quoted where a field needs it', () => {
    const input = `"{""reason"":""the reader switched it on to read \\""War and Peace\\"", all 1225 pages | in one night""}"`;
    const lit = `"The lamp is lit, | and ""bright"", too."`;
    expect(planCsv(plan).split('\r\n')).toEqual([
      'path,step,action,input,expected state,expected result',
      '1,0,start,,off,The lamp is dark.',
      `1,1,switch.on,${input},on,${lit}`,
      '1,2,power.cut,,off,The lamp is dark.',
      '2,0,start,,off,The lamp is dark.',
      `2,1,switch.on,${input},on,${lit}`,
      '2,2,switch.off,,off,The lamp is dark.',
      '',
    ]);
  });

  it('names a timer and an effect’s outcome as steps, an error with all its fields', () => {
    const rejected = Object.assign(new Error('server said no'), { code: 'server' });
    const paths = generatePaths(submitFormMachine, {
      events: (snapshot) => [
        { type: 'form.submit' },
        ...internalEvents(snapshot, { submitForm: { output: [], error: [rejected] } }),
      ],
    });
    const steps = planOf(submitFormMachine, paths).paths.flatMap((path) => path.steps);
    expect(steps).toContainEqual({
      action: 'error: submitForm',
      input: '{"error":{"code":"server","name":"Error","message":"server said no"}}',
      state: 'working.waitingToRetry',
      result: '',
    });
    expect(steps).toContainEqual({
      action: 'after retryDelay',
      input: '',
      state: 'working.submitting',
      result: '',
    });
  });
});
