import { liveVerificationMachine } from '../../flows/verification.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { VerificationView } from './verification.view.tsx';

export interface VerificationScreenProps {
  /** Where to go when the e-mail is confirmed already. */
  confirmedNext: string;
  onConfirmed: (next: string) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveVerificationMachine;
}

export function VerificationScreen({
  confirmedNext,
  onConfirmed,
  machine = liveVerificationMachine,
}: VerificationScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, {
    input: { confirmedNext },
    onDone: (output) => onConfirmed(output.next),
  });
  return <VerificationView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
