import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { liveSetPasswordMachine } from '../../flows/set-password.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { focusFirstError } from '../../forms/focus.ts';
import { SetPasswordView } from './set-password.view.tsx';

export interface SetPasswordScreenProps {
  token: string;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveSetPasswordMachine;
}

export function SetPasswordScreen({
  token,
  machine = liveSetPasswordMachine,
}: SetPasswordScreenProps) {
  const actorRef = useActorRef(machine, { input: { token }, inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const sub = actorRef.on('validationFailed', () => focusFirstError(formRef.current));
    return () => sub.unsubscribe();
  }, [actorRef]);

  return <SetPasswordView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
