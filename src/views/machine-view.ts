import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';

/** What a view of a machine is given: the machine's snapshot, and its send. */
export interface MachineViewProps<TMachine extends AnyStateMachine> {
  snapshot: SnapshotFrom<TMachine>;
  send: (event: EventFromLogic<TMachine>) => void;
}
