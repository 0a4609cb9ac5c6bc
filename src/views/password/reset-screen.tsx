import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { livePasswordResetMachine } from '../../flows/password-reset.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { focusFirstError } from '../../forms/focus.ts';
import { ResetView } from './reset.view.tsx';

export interface ResetScreenProps {
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof livePasswordResetMachine;
}

export function ResetScreen({ machine = livePasswordResetMachine }: ResetScreenProps) {
  const actorRef = useActorRef(machine, { inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const sub = actorRef.on('validationFailed', () => focusFirstError(formRef.current));
    return () => sub.unsubscribe();
  }, [actorRef]);

  return <ResetView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
