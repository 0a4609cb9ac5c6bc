import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../flows/inspect.ts';
import { liveSoftwareListMachine, softwareListInput } from '../../flows/software-list.flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import { SoftwareView } from './software-list.view.tsx';

export interface SoftwareScreenProps {
  locale: Locale;
  /** Tests pass the machine with their own releases. */
  machine?: typeof liveSoftwareListMachine;
}

/** /software: the software-list machine, drawn by SoftwareView. */
export function SoftwareScreen({ locale, machine = liveSoftwareListMachine }: SoftwareScreenProps) {
  const actor = useActorRef(machine, { input: softwareListInput(), inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <SoftwareView snapshot={snapshot} send={actor.send} locale={locale} />;
}
