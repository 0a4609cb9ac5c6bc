import { Alert, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import type {
  WebgisSettingsEvent,
  webgisSettingsMachine,
} from '../../../machines/webgis-settings.machine.ts';
import { PageBusy, RetryAlert } from '../../components/status.tsx';
import { SuccessModalView } from './success-modal.view.tsx';

export interface SettingsViewProps {
  snapshot: SnapshotFrom<typeof webgisSettingsMachine>;
  send: (event: WebgisSettingsEvent) => void;
  /** The user's e-mail, named in the being-created message. */
  email: string;
}

type Shown = 'creating' | 'ready' | 'blocked' | 'failed';

/** /webgis (section 2): the instance by its state, and the success modal after creation. */
export function SettingsView({ snapshot, send, email }: SettingsViewProps) {
  const { t } = useLingui();
  const { value, context } = snapshot;
  const top = typeof value === 'string' ? value : 'shown';
  const heading = <Heading as="h1" size="2xl">{t`Web GIS`}</Heading>;
  switch (top) {
    case 'loading':
      return <PageBusy label={t`Loading…`} />;
    case 'unavailable':
      return (
        <Stack gap="6">
          {heading}
          <RetryAlert
            message={t`Couldn't load your Web GIS. Please try again.`}
            onRetry={() => send({ type: 'webgis.retry' })}
          />
        </Stack>
      );
    case 'absent':
      return (
        <Stack gap="6" align="flex-start">
          {heading}
          <Text>{t`You have no Web GIS yet.`}</Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/$locale/webgis/create" from="/$locale">
              {t`Create Web GIS`}
            </RouterLink>
          </Button>
        </Stack>
      );
    case 'shown':
      return (
        <Stack gap="6" align="flex-start">
          {heading}
          <ShownView state={shownState(snapshot)} url={context.webgis?.url ?? ''} email={email} />
          <SuccessModalView
            open={snapshot.can({ type: 'success.close' })}
            webgis={context.webgis}
            onClose={() => send({ type: 'success.close' })}
          />
        </Stack>
      );
    default:
      return top satisfies never;
  }
}

function shownState(snapshot: SnapshotFrom<typeof webgisSettingsMachine>): Shown {
  if (snapshot.matches({ shown: 'ready' })) return 'ready';
  if (snapshot.matches({ shown: 'blocked' })) return 'blocked';
  if (snapshot.matches({ shown: 'failed' })) return 'failed';
  // sorting, creating and refreshing all say it is being created.
  return 'creating';
}

function ShownView({ state, url, email }: { state: Shown; url: string; email: string }) {
  const { t } = useLingui();
  const address = (
    <Stack gap="1">
      <Text fontWeight="medium">{t`Address`}</Text>
      <Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        colorPalette="blue"
        variant="underline"
      >
        {url}
        <Text as="span" srOnly>
          {' '}
          {t`(opens in a new tab)`}
        </Text>
      </Link>
    </Stack>
  );
  switch (state) {
    case 'creating':
      return (
        <Alert.Root status="info" role="status" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Your Web GIS is being created`}</Alert.Title>
            <Alert.Description>
              {t`It usually takes a couple of minutes, up to an hour under load. We will send a message to ${email} when it is ready.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    case 'ready':
      return address;
    case 'blocked':
      return (
        <Stack gap="4" align="flex-start">
          <Alert.Root status="error" maxW="2xl">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t`Your Web GIS is blocked`}</Alert.Title>
              <Alert.Description>
                {t`It exceeds the limits of your plan. Upgrade the plan, or contact us to reduce the data, to unblock it.`}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          {address}
          <Button asChild colorPalette="blue">
            <RouterLink to="/$locale/subscription/update" from="/$locale">
              {t`Upgrade`}
            </RouterLink>
          </Button>
        </Stack>
      );
    case 'failed':
      return (
        <Stack gap="4" align="flex-start">
          <Alert.Root status="error" maxW="2xl">
            <Alert.Indicator />
            <Alert.Title>{t`Your Web GIS could not be created`}</Alert.Title>
          </Alert.Root>
          <Button asChild colorPalette="blue">
            <RouterLink to="/$locale/webgis/create" from="/$locale">
              {t`Create again`}
            </RouterLink>
          </Button>
        </Stack>
      );
    default:
      return state satisfies never;
  }
}
