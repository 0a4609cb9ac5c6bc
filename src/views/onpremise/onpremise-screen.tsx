import { Stack } from '@chakra-ui/react';
import { liveOnpremiseMachine, onpremiseInput } from '../../flows/onpremise.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import type { ConsultationInput } from '../../../machines/consultation.machine.ts';
import { ConsultationScreen } from '../consultation/consultation-screen.tsx';
import { OnpremiseView } from './onpremise.view.tsx';

export interface OnpremiseScreenProps {
  locale: Locale;
  /** The signed-in user: the consultation request starts with their profile's details. */
  user: ConsultationInput['user'];
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveOnpremiseMachine;
}

/**
 * /myngidonpremises: the onpremise machine, drawn by OnpremiseView, and below it, once
 * the plan is known, the consultation request (its own machine; decision 0702).
 */
export function OnpremiseScreen({
  locale,
  user,
  machine = liveOnpremiseMachine,
}: OnpremiseScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, { input: onpremiseInput() });
  const planKnown = snapshot.matches('premium') || snapshot.matches('notAvailable');
  return (
    <Stack gap="10">
      <OnpremiseView snapshot={snapshot} send={actorRef.send} locale={locale} formRef={formRef} />
      {planKnown && <ConsultationScreen user={user} language={locale} />}
    </Stack>
  );
}
