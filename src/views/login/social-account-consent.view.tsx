import type { socialAccountConsentMachine } from '../../../machines/social-account-consent.machine.ts';
import { SocialConsentDialog } from '../signup/social-consent-dialog.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export type SocialAccountConsentViewProps = MachineViewProps<typeof socialAccountConsentMachine>;

/**
 * A social sign-in new here, over the sign-in page: the same terms dialog as sign-up,
 * asked before the account is made. Once decided, the page takes over.
 */
export function SocialAccountConsentView({ snapshot, send }: SocialAccountConsentViewProps) {
  const state = snapshot.value;
  switch (state) {
    case 'asking':
    case 'creating':
    case 'declining':
    case 'signedIn':
      return (
        <SocialConsentDialog
          provider={snapshot.context.provider}
          newIdentity
          agreeing={state === 'creating' || state === 'signedIn'}
          disagreeing={state === 'declining'}
          onAgree={() => send({ type: 'consent.agree' })}
          onDisagree={() => send({ type: 'consent.disagree' })}
        />
      );
    case 'declined':
    case 'failed':
      return null;
    default:
      return state satisfies never;
  }
}
