import { livePasswordResetMachine } from '../../flows/password-reset.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { ResetView } from './password-reset.view.tsx';

export interface ResetScreenProps {
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof livePasswordResetMachine;
}

export function ResetScreen({ machine = livePasswordResetMachine }: ResetScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine);
  return <ResetView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
