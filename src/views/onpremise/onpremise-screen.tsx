import { liveOnpremiseMachine } from '../../flows/onpremise.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import { OnpremiseView } from './onpremise.view.tsx';

export interface OnpremiseScreenProps {
  locale: Locale;
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveOnpremiseMachine;
}

/** /myngidonpremises: the onpremise machine, drawn by OnpremiseView. */
export function OnpremiseScreen({ locale, machine = liveOnpremiseMachine }: OnpremiseScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine);
  return (
    <OnpremiseView snapshot={snapshot} send={actorRef.send} locale={locale} formRef={formRef} />
  );
}
