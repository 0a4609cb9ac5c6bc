import { Link, Portal, Stack, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { Button } from '../../components/button.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SocialProvider } from '../../../contract/identity.ts';
import { site } from '../../components/site.ts';
import { isLocale } from '../../i18n/locale.ts';
import { providerNames } from '../login/social-buttons.tsx';

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
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const name = providerNames[provider];
  const busy = agreeing || disagreeing;
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      onOpenChange={(e) => {
        if (!e.open && !busy) onDisagree();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="420px">
            <Dialog.Header>
              <Dialog.Title>{t`Sign up with ${name}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {newIdentity && <Text>{t`No account here uses this ${name} profile yet.`}</Text>}
                <Text>
                  <Trans>
                    To create an account with {name}, please agree to the{' '}
                    <Link href={site.termsUrl[locale]} target="_blank" colorPalette="blue">
                      terms of service
                    </Link>{' '}
                    and the{' '}
                    <Link href={site.privacyUrl[locale]} target="_blank" colorPalette="blue">
                      privacy policy
                    </Link>
                    .
                  </Trans>
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                disabled={agreeing}
                loading={disagreeing}
                onClick={onDisagree}
              >
                {t`Disagree`}
              </Button>
              <Button
                colorPalette="blue"
                disabled={disagreeing}
                loading={agreeing}
                onClick={onAgree}
              >
                {t`Agree`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
