import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { liveSignupMachine } from '../../flows/signup.flow.ts';
import { liveSocialConsentMachine } from '../../flows/social-consent.flow.ts';
import { socialStartUrl } from '../../flows/social-start.ts';
import { inspect } from '../../flows/inspect.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { SocialButtons } from '../login/social-buttons.tsx';
import { SignupView } from './signup.view.tsx';
import { SocialConsentView } from './social-consent.view.tsx';

export interface SignupScreenProps {
  next: string;
  onRegistered: (next: string) => void;
  /** Full navigation to the provider; tests give a spy. */
  onLeave?: (href: string) => void;
  /** The live machines; tests give ones with stand-in actors. */
  machine?: typeof liveSignupMachine;
  consentMachine?: typeof liveSocialConsentMachine;
}

const leave = (href: string) => window.location.assign(href);

export function SignupScreen({
  next,
  onRegistered,
  onLeave = leave,
  machine = liveSignupMachine,
  consentMachine = liveSocialConsentMachine,
}: SignupScreenProps) {
  const { actorRef, snapshot, formRef } = useFormFlow(machine, {
    input: { next },
    onDone: (output) => onRegistered(output.next),
  });
  const consentRef = useActorRef(consentMachine, { inspect });
  const consent = useSelector(consentRef, (s) => s);

  useEffect(() => {
    if (consent.status === 'done') onLeave(socialStartUrl(consent.output.provider, 'signup', next));
  }, [consent, onLeave, next]);

  return (
    <>
      <SignupView
        snapshot={snapshot}
        send={actorRef.send}
        formRef={formRef}
        social={
          <SocialButtons
            intent="signup"
            next={next}
            disabled={snapshot.hasTag('busy')}
            onChoose={(provider) => consentRef.send({ type: 'provider.choose', provider })}
          />
        }
      />
      <SocialConsentView snapshot={consent} send={consentRef.send} />
    </>
  );
}
