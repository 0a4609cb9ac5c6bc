import type { SocialProvider } from '../../../contract/identity.ts';
import type { SocialAccountConsentOutput } from '../../../machines/social-account-consent.machine.ts';
import { liveSocialAccountConsentMachine } from '../../flows/social-account-consent.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { SocialAccountConsentView } from './social-account-consent.view.tsx';

export interface SocialAccountConsentScreenProps {
  provider: SocialProvider;
  onDecided: (output: SocialAccountConsentOutput) => void;
  /** The live machine; tests give one with stand-in actors. */
  machine?: typeof liveSocialAccountConsentMachine;
}

export function SocialAccountConsentScreen({
  provider,
  onDecided,
  machine = liveSocialAccountConsentMachine,
}: SocialAccountConsentScreenProps) {
  const { actorRef, snapshot } = useFormFlow(machine, { input: { provider }, onDone: onDecided });
  return <SocialAccountConsentView snapshot={snapshot} send={actorRef.send} />;
}
