import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../../contract/countries.ts';
import { liveSignupDetailsMachine } from '../../flows/signup-details.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { focusFirstError } from '../../forms/focus.ts';
import { DetailsView } from './details.view.tsx';

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
  const actorRef = useActorRef(machine, { input: { locale }, inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const sub = actorRef.on('validationFailed', () => focusFirstError(formRef.current));
    return () => sub.unsubscribe();
  }, [actorRef]);

  useEffect(() => {
    if (snapshot.status === 'done') onDone(snapshot.output.next);
  }, [snapshot, onDone]);

  return <DetailsView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
