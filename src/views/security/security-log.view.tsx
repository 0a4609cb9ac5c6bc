import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { socialProviders, type SecurityEvent } from '../../../contract/identity.ts';
import { isOneOf } from '../../../contract/one-of.ts';
import type { securityLogMachine } from '../../../machines/security-log.machine.ts';
import { Button } from '../../components/button.tsx';
import { TitledSection } from '../../components/titled.tsx';
import { RefreshFailed } from './refresh-failed.tsx';
import { formatDate } from '../../../contract/dates.ts';
import { providerNames } from '../login/social-buttons.tsx';
import { SectionLoadingView } from '../profile/section-loading.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { useDeviceWords } from './device-words.ts';

export type SecurityLogViewProps = MachineViewProps<typeof securityLogMachine>;

/** "Recent security activity": what happened to the account, newest first. */
export function SecurityLogView({ snapshot, send }: SecurityLogViewProps) {
  const { t } = useLingui();
  const { locale, device, place } = useDeviceWords();
  const title = t`Recent security activity`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title} align="flex-start">
        <Text color="fg.error">{t`Couldn't load your security activity.`}</Text>
        <Button onClick={() => send({ type: 'events.retry' })}>{t`Try again`}</Button>
      </TitledSection>
    );
  }
  const what = ({ kind, method }: SecurityEvent): string => {
    const provider = isOneOf(socialProviders, method) ? providerNames[method] : '';
    switch (kind) {
      case 'sign_in':
        if (provider) return t`Signed in with ${provider}`;
        if (method === 'totp') return t`Signed in with the authenticator app's code`;
        if (method === 'recovery_code') return t`Signed in with a recovery code`;
        if (method === 'passkey') return t`Signed in with a passkey`;
        return method === 'code'
          ? t`Signed in with a code sent by e-mail`
          : t`Signed in with the password`;
      case 'sign_in_failed':
        return t`A wrong password was entered`;
      case 'password_reset':
        return t`Password set by the e-mailed link`;
      case 'session_ended':
        return t`Another browser was signed out`;
      case 'sessions_ended':
        return t`All other browsers were signed out`;
      case 'social_linked':
        return t`${provider} account linked`;
      case 'social_unlinked':
        return t`${provider} account unlinked`;
      case 'profile_exported':
        return t`Personal data exported`;
      case 'reauthenticated':
        return provider
          ? t`Identity confirmed with ${provider}`
          : t`Identity confirmed with the password`;
      case 'reauth_failed':
        return t`A wrong password was entered to confirm identity`;
      case 'password_changed':
        return t`Password changed`;
      case 'email_changed':
        return t`Email changed`;
      case 'email_change_undone':
        return t`Email change undone by the link sent to the old address`;
      case 'two_factor_enabled':
        return t`Authenticator app turned on`;
      case 'two_factor_disabled':
        return t`Authenticator app turned off`;
      case 'recovery_codes_regenerated':
        return t`New recovery codes made`;
      case 'recovery_code_used':
        return t`A recovery code was used`;
      case 'passkey_added':
        return t`Passkey added`;
      case 'passkey_removed':
        return t`Passkey removed`;
    }
  };
  const { events } = snapshot.context;
  const refreshing = snapshot.matches('refreshing');
  return (
    <TitledSection title={title}>
      {events.length === 0 ? (
        <Text color="fg.muted" aria-busy={refreshing}>
          {t`Nothing has happened yet.`}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-busy={refreshing}>
          {events.map((event, index) => (
            <Stack as="li" key={`${event.created_at}-${index}`} gap="0.5">
              <Text fontWeight="semibold">{what(event)}</Text>
              <Text textStyle="caption">
                {[device(event), ...place(event)].join(' · ')} ·{' '}
                <time dateTime={event.created_at}>{formatDate(event.created_at, locale)}</time>
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      {snapshot.matches({ ready: 'refreshFailed' }) && (
        <RefreshFailed
          said={t`Couldn't refresh your security activity.`}
          onRetry={() => send({ type: 'events.retry' })}
        />
      )}
    </TitledSection>
  );
}
