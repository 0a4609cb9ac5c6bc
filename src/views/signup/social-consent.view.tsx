import { Button, Dialog, Link, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  SocialConsentEvent,
  socialConsentMachine,
} from '../../../machines/social-consent.machine.ts';
import { site } from '../../components/site.ts';
import { isLocale } from '../../i18n/locale.ts';
import { providerNames } from '../login/social-buttons.tsx';

export interface SocialConsentViewProps {
  snapshot: SnapshotFrom<typeof socialConsentMachine>;
  send: (event: SocialConsentEvent) => void;
}

/** Before a social sign-up: agree to the terms and the privacy policy, or not. */
export function SocialConsentView({ snapshot, send }: SocialConsentViewProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const state = snapshot.value;
  const provider = snapshot.context.provider;
  const name = provider ? providerNames[provider] : '';
  switch (state) {
    case 'closed':
      return null;
    case 'confirming':
    case 'redirecting':
      return (
        <Dialog.Root
          open
          role="alertdialog"
          placement="center"
          onOpenChange={(e) => {
            if (!e.open) send({ type: 'consent.disagree' });
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
                </Dialog.Body>
                <Dialog.Footer>
                  <Button
                    variant="outline"
                    disabled={state === 'redirecting'}
                    onClick={() => send({ type: 'consent.disagree' })}
                  >
                    {t`Disagree`}
                  </Button>
                  <Button
                    colorPalette="blue"
                    loading={state === 'redirecting'}
                    onClick={() => send({ type: 'consent.agree' })}
                  >
                    {t`Agree`}
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      );
    default:
      return state satisfies never;
  }
}
