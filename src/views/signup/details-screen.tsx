import type { Locale } from '../../../contract/countries.ts';
import { liveSignupDetailsMachine } from '../../flows/signup-details.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { DetailsView } from './signup-details.view.tsx';

export interface DetailsScreenProps {
  locale: Locale;
  onDone: (next: string) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveSignupDetailsMachine;
}

export function DetailsScreen({
  locale,
  onDone,
  machine = liveSignupDetailsMachine,
}: DetailsScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, {
    input: { locale },
    onDone: (output) => onDone(output.next),
  });
  return <DetailsView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
