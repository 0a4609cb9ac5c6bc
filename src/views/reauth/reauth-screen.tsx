import type { ReauthOutput } from '../../../machines/reauth.machine.ts';
import { liveReauthMachine } from '../../flows/reauth.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { ReauthView } from './reauth.view.tsx';

export interface ReauthScreenProps {
  /** The dialog ended: whether the user proved who they are. */
  onDone: (output: ReauthOutput) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveReauthMachine;
}

/** One re-authentication, from the dialog's opening to its end. */
export default function ReauthScreen({ onDone, machine = liveReauthMachine }: ReauthScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, { onDone });
  const returnTo = `${window.location.pathname}${window.location.search}`;
  return (
    <ReauthView snapshot={snapshot} send={actorRef.send} formRef={formRef} returnTo={returnTo} />
  );
}
