import { Alert, Flex, Stack, Text } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { TitledSection } from '../../components/titled.tsx';
import { SectionLoadingView } from './section-loading.view.tsx';
import { socialProviders, type SocialProvider } from '../../../contract/identity.ts';
import type { socialAccountsMachine } from '../../../machines/social-accounts.machine.ts';
import { errorText } from '../../forms/messages.ts';
import { formatDate } from '../../../contract/dates.ts';
import { isLocale } from '../../i18n/locale.ts';
import { ProviderMark, providerNames } from '../login/social-buttons.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface SocialAccountsViewProps extends MachineViewProps<typeof socialAccountsMachine> {
  /** Where linking sends the browser: the provider's start address. */
  linkHref: (provider: SocialProvider) => string;
}

/** Linked providers with Unlink, and Link buttons for the others. */
export function SocialAccountsView({ snapshot, send, linkHref }: SocialAccountsViewProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { accounts, provider, error } = snapshot.context;
  const linked = new Set(accounts.map((a) => a.provider));
  const title = t`Social accounts`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title} align="flex-start">
        <Text color="fg.error">{t`Couldn't load your social accounts.`}</Text>
        <Button onClick={() => send({ type: 'accounts.retry' })}>{t`Try again`}</Button>
      </TitledSection>
    );
  }
  return (
    <TitledSection title={title}>
      {accounts.length === 0 && <Text color="fg.muted">{t`No social accounts are linked.`}</Text>}
      <Stack as="ul" listStyleType="none" gap="3">
        {accounts.map((account) => (
          <Flex as="li" key={account.provider} gap="4" align="center" wrap="wrap">
            <Flex as="span" gap="2" align="center" fontWeight="semibold" minW="28">
              <ProviderMark provider={account.provider} />
              {providerNames[account.provider]}
            </Flex>
            <Text color="fg.muted" flex="1">
              {account.email} · {t`linked ${formatDate(account.linked_at, locale)}`}
            </Text>
            <Button
              size="sm"
              variant="outline"
              loading={snapshot.matches('unlinking') && provider === account.provider}
              disabled={snapshot.hasTag('busy')}
              onClick={() => send({ type: 'account.unlink', provider: account.provider })}
              aria-label={t`Unlink ${providerNames[account.provider]}`}
            >
              {t`Unlink`}
            </Button>
          </Flex>
        ))}
      </Stack>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorText((d) => i18n._(d), { code: error, detail: '' })}</Alert.Title>
        </Alert.Root>
      )}
      {linked.size < socialProviders.length && (
        <Flex gap="2" wrap="wrap" align="center">
          <Text textStyle="caption">{t`Link another account:`}</Text>
          {socialProviders
            .filter((p) => !linked.has(p))
            .map((p) => (
              <Button key={p} asChild size="sm" variant="outline">
                <a href={linkHref(p)}>
                  <ProviderMark provider={p} />
                  {providerNames[p]}
                </a>
              </Button>
            ))}
        </Flex>
      )}
    </TitledSection>
  );
}
