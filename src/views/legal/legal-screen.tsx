import { useActorRef, useSelector } from '@xstate/react';
import type { LegalDocumentId } from '../../../contract/legal.ts';
import { inspect } from '../../flows/inspect.ts';
import { liveLegalPageMachine } from '../../flows/legal-page.flow.ts';
import type { Locale } from '../../i18n/locale.ts';
import { LegalPageView } from './legal-page.view.tsx';

export interface LegalScreenProps {
  page: LegalDocumentId;
  locale: Locale;
  /** Tests pass the machine with their own text. */
  machine?: typeof liveLegalPageMachine;
}

/** /terms and /privacy: the legal-page machine, drawn by LegalPageView. */
export function LegalScreen({ page, locale, machine = liveLegalPageMachine }: LegalScreenProps) {
  const actor = useActorRef(machine, { input: { page, locale }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <LegalPageView snapshot={snapshot} send={actor.send} />;
}
