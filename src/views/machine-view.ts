import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';

/** What a view of a machine is given: the machine's snapshot, and its send. */
export interface MachineViewProps<TMachine extends AnyStateMachine> {
  snapshot: SnapshotFrom<TMachine>;
  send: (event: EventFromLogic<TMachine>) => void;
}

/** The name of a state value's top-level state: the value itself, or its one key. */
type TopState<TValue> = TValue extends string ? TValue : keyof TValue & string;

/** Which top-level state a machine is in, for a view that draws one screen per state. */
export function topState<TValue extends string | object>(value: TValue): TopState<TValue> {
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as TopState<TValue>;
}
