import { Stack, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { Button } from '../../components/button.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SocialProvider } from '../../../contract/identity.ts';
import { providerNames } from '../login/social-buttons.tsx';
import { PrivacyLink, TermsLink } from './terms-links.tsx';

export interface SocialConsentDialogProps {
  provider: SocialProvider;
  /** After the provider (sign-in): no account uses this identity yet. */
  newIdentity?: boolean;
  /** Agreed: the next step is under way. */
  agreeing: boolean;
  /** Disagreed: the dialog is closing. */
  disagreeing?: boolean;
  onAgree: () => void;
  onDisagree: () => void;
}

/**
 * The one consent before a social account is made, on sign-up and on sign-in: agree to
 * the terms of service and the privacy policy, or not.
 */
export function SocialConsentDialog({
  provider,
  newIdentity = false,
  agreeing,
  disagreeing = false,
  onAgree,
  onDisagree,
}: SocialConsentDialogProps) {
  const { t } = useLingui();
  const name = providerNames[provider];
  const busy = agreeing || disagreeing;
  return (
    <Dialog.Frame
      open
      role="alertdialog"
      placement="center"
      onClose={busy ? undefined : onDisagree}
      maxW="420px"
      title={t`Sign up with ${name}`}
      footer={
        <>
          <Button variant="outline" disabled={agreeing} loading={disagreeing} onClick={onDisagree}>
            {t`Disagree`}
          </Button>
          <Button colorPalette="blue" disabled={disagreeing} loading={agreeing} onClick={onAgree}>
            {t`Agree`}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {newIdentity && <Text>{t`No account here uses this ${name} profile yet.`}</Text>}
        <Text>
          <Trans>
            To create an account with {name}, please agree to the{' '}
            <TermsLink>terms of service</TermsLink> and the{' '}
            <PrivacyLink>privacy policy</PrivacyLink>.
          </Trans>
        </Text>
      </Stack>
    </Dialog.Frame>
  );
}
