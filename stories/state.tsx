import type { ComponentType } from 'react';
import {
  createActor,
  type AnyStateMachine,
  type ContextFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import type { MachineViewProps } from '../src/views/machine-view.ts';

/**
 * A story's args for a flow's view in one state: the state's value and the machine's
 * context, plain data (a snapshot as an arg makes Storybook warn about a cycle).
 */
export interface StateArgs<
  TMachine extends AnyStateMachine,
  TValue extends StateValue = SnapshotFrom<TMachine>['value'],
> {
  value: TValue;
  context: ContextFrom<TMachine>;
}

/**
 * A story's render of a flow's view in the state its args name, built with
 * `resolveState`; what the view sends goes nowhere (`LiveView` is the live one).
 */
export function renderState<TMachine extends AnyStateMachine>(
  machine: TMachine,
  View: ComponentType<MachineViewProps<TMachine>>,
) {
  return function StateView({ value, context }: StateArgs<TMachine, StateValue>) {
    const snapshot = machine.resolveState({ value, context }) as SnapshotFrom<TMachine>;
    return <View snapshot={snapshot} send={() => {}} />;
  };
}

/**
 * The machine's own context as it starts (the actor is made, never started: nothing
 * runs), for a story that shows what changes from it.
 */
export function initialContext<TMachine extends AnyStateMachine>(
  machine: TMachine,
): ContextFrom<TMachine> {
  const snapshot: { context: ContextFrom<TMachine> } = createActor(machine).getSnapshot();
  return snapshot.context;
}
