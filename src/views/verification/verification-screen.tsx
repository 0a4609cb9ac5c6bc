import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { liveVerificationMachine } from '../../flows/verification.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { focusFirstError } from '../../forms/focus.ts';
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
  const actorRef = useActorRef(machine, { input: { confirmedNext }, inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const sub = actorRef.on('validationFailed', () => focusFirstError(formRef.current));
    return () => sub.unsubscribe();
  }, [actorRef]);

  useEffect(() => {
    if (snapshot.status === 'done') onConfirmed(snapshot.output.next);
  }, [snapshot, onConfirmed]);

  return <VerificationView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
