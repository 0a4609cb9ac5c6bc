import { liveSetPasswordMachine } from '../../flows/set-password.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
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
  const { actorRef, snapshot, formRef } = useFormFlow(machine, { input: { token } });
  return <SetPasswordView snapshot={snapshot} send={actorRef.send} formRef={formRef} />;
}
