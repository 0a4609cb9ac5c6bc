import { liveSecondFactorMachine } from '../../flows/second-factor.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { SecondFactorView } from './second-factor.view.tsx';

export interface SecondFactorScreenProps {
  onSignedIn: (next: string) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveSecondFactorMachine;
}

export function SecondFactorScreen({
  onSignedIn,
  machine = liveSecondFactorMachine,
}: SecondFactorScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, {
    onDone: (output) => onSignedIn(output.next),
  });
  return <SecondFactorView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
