import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type {
  ActorRefFrom,
  AnyActorRef,
  AnyStateMachine,
  InputFrom,
  OutputFrom,
  SnapshotFrom,
} from 'xstate';
import { inspect } from '../flows/inspect.ts';
import { focusFirstError } from './focus.ts';

export interface FormFlowOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** Called once, when the flow reaches its final state, with its output. */
  onDone?: (output: OutputFrom<TMachine>) => void;
}

/**
 * A form flow's machine, running (with the inspector in development): its snapshot,
 * its ref, and the form that a refused submit (`validationFailed`) scrolls to,
 * focusing the first field in error.
 */
export function useFormFlow<TMachine extends AnyStateMachine>(
  machine: TMachine,
  { input, onDone }: FormFlowOptions<TMachine> = {},
) {
  const actorRef = useActorRef(machine as AnyStateMachine, {
    input,
    inspect,
  }) as ActorRefFrom<TMachine>;
  const snapshot = useSelector(actorRef, (s) => s) as SnapshotFrom<TMachine>;
  const formRef = useRef<HTMLFormElement>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    const sub = (actorRef as AnyActorRef).on('validationFailed', () =>
      focusFirstError(formRef.current),
    );
    return () => sub.unsubscribe();
  }, [actorRef]);

  const { status, output } = snapshot as { status: string; output?: OutputFrom<TMachine> };
  useEffect(() => {
    if (status === 'done') done.current?.(output as OutputFrom<TMachine>);
  }, [status, output]);

  return { actorRef, snapshot, formRef };
}
