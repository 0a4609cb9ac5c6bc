import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import type { MachineViewProps } from '../src/views/machine-view.ts';

/**
 * A flow's view on a live machine, its effects stood in for (`machine.provide`), so a
 * story's play function can type, submit and see what follows as a user would.
 */
export function LiveView<M extends AnyStateMachine>({
  machine,
  input,
  children,
}: {
  machine: M;
  input?: InputFrom<M>;
  children: (props: MachineViewProps<M>) => ReactNode;
}) {
  const actor = useActorRef(machine, { input });
  const snapshot = useSelector(actor, (state) => state);
  return children({ snapshot, send: actor.send });
}

/** The message tied to a field as its error (`aria-errormessage`), as a screen reader reads it. */
export const errorAt = (input: HTMLElement): string =>
  document.getElementById(input.getAttribute('aria-errormessage') ?? '')?.textContent ?? '';
