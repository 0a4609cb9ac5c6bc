import { Button as ChakraButton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { teamInvitationMachine } from '../../../machines/team-invitation.machine.ts';
import { Button } from '../../components/button.tsx';
import { Busy, RetryAlert } from '../../components/status.tsx';
import { TitledPage } from '../../components/titled.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface TeamInvitationViewProps extends MachineViewProps<typeof teamInvitationMachine> {
  /** This page's address, to come back to after signing in. */
  returnTo: string;
  /** Signs the other account out, then goes to sign in and back here. */
  onSwitchAccount: () => void;
  /** Opened from the mail's decline link: Decline comes first. */
  declineFirst?: boolean;
}

/**
 * /invitation/{token} (decision 0602): who invites, Accept and Decline, and a clear page
 * for each end: joined, declined, expired, used, or another account signed in.
 */
export function TeamInvitationView({
  snapshot,
  send,
  returnTo,
  onSwitchAccount,
  declineFirst = false,
}: TeamInvitationViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const { link, joined, failed, signedInEmail } = snapshot.context;
  const owner = link?.owner_username ?? '';
  const email = link?.email ?? '';
  const busy = snapshot.hasTag('busy');

  const accept = (
    <Button
      key="accept"
      colorPalette="blue"
      variant={declineFirst ? 'outline' : 'solid'}
      loading={state === 'accepting'}
      disabled={busy}
      onClick={() => send({ type: 'invitation.accept' })}
    >
      {t`Accept`}
    </Button>
  );
  const decline = (
    <Button
      key="decline"
      colorPalette={declineFirst ? 'blue' : undefined}
      variant={declineFirst ? 'solid' : 'outline'}
      loading={state === 'declining'}
      disabled={busy}
      onClick={() => send({ type: 'invitation.decline' })}
    >
      {t`Decline`}
    </Button>
  );

  const body = (() => {
    switch (state) {
      case 'loading':
        return <Busy quiet label={t`Loading`} />;
      case 'unavailable':
        return (
          <RetryAlert
            message={t`Couldn't read the invitation.`}
            onRetry={() => send({ type: 'invitation.retry' })}
          />
        );
      case 'offered':
      case 'accepting':
      case 'declining':
        return (
          <Stack gap="4" align="flex-start">
            <Text>{t`${owner} invites you (${email}) to their team. Members of the team get the Premium plan.`}</Text>
            {failed && (
              <Text color="fg.error" role="alert">
                {t`Something went wrong. Please try again.`}
              </Text>
            )}
            <Stack direction="row" gap="3" wrap="wrap">
              {declineFirst ? [decline, accept] : [accept, decline]}
            </Stack>
          </Stack>
        );
      case 'signInNeeded':
        return (
          <Stack gap="4" align="flex-start">
            <Text>{t`Sign in as ${email} to accept the invitation from ${owner}. No account yet? Sign up with this address first.`}</Text>
            <Stack direction="row" gap="3" wrap="wrap">
              <ChakraButton asChild colorPalette="blue">
                <RouterLink
                  to="/$locale/login/$step"
                  from="/$locale"
                  params={{ step: '1' }}
                  search={{ next: returnTo }}
                >
                  {t`Sign in to accept`}
                </RouterLink>
              </ChakraButton>
              {decline}
            </Stack>
          </Stack>
        );
      case 'otherAccount':
        return (
          <Stack gap="4" align="flex-start">
            <Text role="alert">{t`The invitation was sent to ${email}, but you are signed in as ${signedInEmail ?? ''}. Sign out and sign in as ${email} to accept it.`}</Text>
            <Stack direction="row" gap="3" wrap="wrap">
              <Button colorPalette="blue" onClick={onSwitchAccount}>
                {t`Sign out and continue`}
              </Button>
              {decline}
            </Stack>
          </Stack>
        );
      case 'accepted':
        return (
          <Stack gap="4" align="flex-start">
            <Text role="status">{t`You joined the team of ${joined?.owner_username ?? owner}.`}</Text>
            <ChakraButton asChild colorPalette="blue">
              <RouterLink to="/$locale/teammanage/member" from="/$locale">
                {t`Go to your teams`}
              </RouterLink>
            </ChakraButton>
          </Stack>
        );
      case 'declined':
        return <Text role="status">{t`You declined the invitation from ${owner}.`}</Text>;
      case 'expired':
        return (
          <Text role="status">{t`This invitation has expired: its link works for 7 days. Ask the team owner to send it again.`}</Text>
        );
      case 'used':
        return (
          <Text role="status">{t`This invitation link no longer works: it was used already, withdrawn by the team owner, or replaced by a newer mail.`}</Text>
        );
      default:
        return state satisfies never;
    }
  })();

  return (
    <TitledPage title={t`Team invitation`} maxW="xl">
      {body}
    </TitledPage>
  );
}
