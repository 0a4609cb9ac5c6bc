import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { liveLoginMachine } from '../../flows/login.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { focusFirstError } from '../../forms/focus.ts';
import { LoginView } from './login.view.tsx';

export interface LoginScreenProps {
  next: string;
  onSignedIn: (next: string) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveLoginMachine;
}

export function LoginScreen({ next, onSignedIn, machine = liveLoginMachine }: LoginScreenProps) {
  const actorRef = useActorRef(machine, { input: { next }, inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const sub = actorRef.on('validationFailed', () => focusFirstError(formRef.current));
    return () => sub.unsubscribe();
  }, [actorRef]);

  useEffect(() => {
    if (snapshot.status === 'done') onSignedIn(snapshot.output.next);
  }, [snapshot, onSignedIn]);

  return <LoginView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
