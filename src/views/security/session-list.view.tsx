import { Alert, Flex, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SessionInfo } from '../../../contract/identity.ts';
import type { sessionListMachine } from '../../../machines/session-list.machine.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { TitledSection } from '../../components/titled.tsx';
import { RefreshFailed } from './refresh-failed.tsx';
import { errorText } from '../../forms/messages.ts';
import { formatDate } from '../../../contract/dates.ts';
import { SectionLoadingView } from '../profile/section-loading.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { useDeviceWords } from './device-words.ts';

export type SessionListViewProps = MachineViewProps<typeof sessionListMachine>;

/** "Where you're signed in": this browser first, the others each with Sign out. */
export function SessionListView({ snapshot, send }: SessionListViewProps) {
  const { t, i18n } = useLingui();
  const { locale, device, place } = useDeviceWords();
  const { sessions, ending, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const title = t`Where you're signed in`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title} align="flex-start">
        <Text color="fg.error">{t`Couldn't load your sessions.`}</Text>
        <Button onClick={() => send({ type: 'sessions.retry' })}>{t`Try again`}</Button>
      </TitledSection>
    );
  }
  const details = (session: SessionInfo) =>
    [
      ...place(session),
      t`signed in ${formatDate(session.created_at, locale)}`,
      session.current ? null : t`last active ${formatDate(session.last_seen_at, locale)}`,
    ]
      .filter(Boolean)
      .join(' · ');
  const others = sessions.some((s) => !s.current);
  const refreshing = snapshot.matches('refreshing');
  return (
    <TitledSection title={title}>
      <Text color="fg.muted">
        {t`These browsers are signed in to your account. Sign out of any you don't recognise.`}
      </Text>
      <Stack as="ul" listStyleType="none" gap="3" aria-busy={refreshing}>
        {sessions.map((session) => (
          <Flex as="li" key={session.id} gap="4" align="center" wrap="wrap">
            <Stack gap="0.5" flex="1" minW="60">
              <Flex as="span" gap="2" align="center" fontWeight="semibold">
                {device(session)}
                {session.current && <Badge colorPalette="green">{t`This browser`}</Badge>}
              </Flex>
              <Text textStyle="caption">{details(session)}</Text>
            </Stack>
            {!session.current && (
              <Button
                size="sm"
                variant="outline"
                loading={snapshot.matches('ending') && ending === session.id}
                disabled={busy}
                onClick={() => send({ type: 'session.end', id: session.id })}
                aria-label={t`Sign out ${device(session)}, ${details(session)}`}
              >
                {t({ message: 'Sign out', context: 'another browser' })}
              </Button>
            )}
          </Flex>
        ))}
      </Stack>
      {snapshot.matches({ ready: 'refreshFailed' }) && (
        <RefreshFailed
          said={t`Couldn't refresh your sessions.`}
          onRetry={() => send({ type: 'sessions.retry' })}
        />
      )}
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorText((d) => i18n._(d), { code: error, detail: '' })}</Alert.Title>
        </Alert.Root>
      )}
      {others ? (
        <Flex>
          <Button
            variant="outline"
            colorPalette="red"
            loading={snapshot.matches('endingOthers')}
            disabled={busy}
            onClick={() => send({ type: 'sessions.endOthers' })}
          >
            {t`Sign out of all other sessions`}
          </Button>
        </Flex>
      ) : (
        <Text color="fg.muted">{t`You're signed in on this browser only.`}</Text>
      )}
    </TitledSection>
  );
}
