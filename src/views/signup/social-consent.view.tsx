import type { socialConsentMachine } from '../../../machines/social-consent.machine.ts';
import { SocialConsentDialog } from './social-consent-dialog.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export type SocialConsentViewProps = MachineViewProps<typeof socialConsentMachine>;

/** Before a social sign-up: agree to the terms and the privacy policy, or not. */
export function SocialConsentView({ snapshot, send }: SocialConsentViewProps) {
  const state = snapshot.value;
  const provider = snapshot.context.provider;
  switch (state) {
    case 'closed':
      return null;
    case 'confirming':
    case 'redirecting':
      return provider ? (
        <SocialConsentDialog
          provider={provider}
          agreeing={state === 'redirecting'}
          onAgree={() => send({ type: 'consent.agree' })}
          onDisagree={() => send({ type: 'consent.disagree' })}
        />
      ) : null;
    default:
      return state satisfies never;
  }
}
