import type { ConsultationInput } from '../../../machines/consultation.machine.ts';
import { liveConsultationMachine } from '../../flows/consultation.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { ConsultationView } from './consultation.view.tsx';

export interface ConsultationScreenProps extends ConsultationInput {
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveConsultationMachine;
}

/** The consultation machine, drawn by ConsultationView. */
export function ConsultationScreen({
  user,
  language,
  machine = liveConsultationMachine,
}: ConsultationScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, { input: { user, language } });
  return <ConsultationView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
