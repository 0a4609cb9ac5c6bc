import { liveLoginMachine } from '../../flows/login.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { LoginView } from './login.view.tsx';

export interface LoginScreenProps {
  next: string;
  onSignedIn: (next: string) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveLoginMachine;
}

export function LoginScreen({ next, onSignedIn, machine = liveLoginMachine }: LoginScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, {
    input: { next },
    onDone: (output) => onSignedIn(output.next),
  });
  return <LoginView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
