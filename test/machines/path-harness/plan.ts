// A machine's generated paths as a test plan (scripts/lib/test-plan.ts renders it).
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { eventLabel } from '../../../scripts/lib/statechart.ts';
import type { PlanPath, TestPlan } from '../../../scripts/lib/test-plan.ts';
import { toJson } from './events.ts';
import { formatValue, type MachinePath } from './generate.ts';

/** The descriptions of the states a snapshot is in, outermost first, the machine's own aside. */
function resultOf(snapshot: AnyMachineSnapshot): string {
  return snapshot._nodes
    .filter((node) => node.path.length > 0 && node.description)
    .map((node) => node.description)
    .join(' ');
}

export function planOf(machine: AnyStateMachine, paths: MachinePath[]): TestPlan {
  return {
    machine: machine.id,
    description: machine.root.description ?? '',
    paths: paths.map((path): PlanPath => ({
      test: path.description,
      start: { state: formatValue(path.initial.value), result: resultOf(path.initial) },
      steps: path.steps.map(({ event, state }) => {
        const { type, ...payload } = event;
        return {
          action: eventLabel(type),
          input: Object.keys(payload).length > 0 ? toJson(payload) : '',
          state: formatValue(state.value),
          result: resultOf(state),
        };
      }),
    })),
  };
}
