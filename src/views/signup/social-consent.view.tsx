import type { SnapshotFrom } from 'xstate';
import type {
  SocialConsentEvent,
  socialConsentMachine,
} from '../../../machines/social-consent.machine.ts';
import { SocialConsentDialog } from './social-consent-dialog.tsx';

export interface SocialConsentViewProps {
  snapshot: SnapshotFrom<typeof socialConsentMachine>;
  send: (event: SocialConsentEvent) => void;
}

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
