import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import { Link as RouterLink } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import type { Webgis } from '../../../contract/webgis.ts';
import type { webgisSettingsMachine } from '../../../machines/webgis-settings.machine.ts';
import { PageLoad } from '../page-load.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { topState, type MachineViewProps } from '../machine-view.ts';
import { ActionsView } from './actions.view.tsx';
import { DetailsView } from './details.view.tsx';
import { SuccessModalView } from './success-modal.view.tsx';

export interface SettingsViewProps extends MachineViewProps<typeof webgisSettingsMachine> {
  /** The user's e-mail, named in the being-created message. */
  email: string;
  locale: Locale;
}

type Shown = 'creating' | 'ready' | 'blocked' | 'failed';

/**
 * /webgis (section 2): the instance by its state, and the success modal after creation.
 * Ready or blocked, it is a settings page: its details, then its actions.
 */
export function SettingsView({ snapshot, send, email, locale }: SettingsViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const top = topState(snapshot.value);
  const title = t`Web GIS`;
  switch (top) {
    case 'loading':
    case 'unavailable':
      return (
        <PageLoad
          failed={top === 'unavailable'}
          title={title}
          message={t`Couldn't load your Web GIS. Please try again.`}
          onRetry={() => send({ type: 'webgis.retry' })}
        />
      );
    case 'absent':
      return (
        <TitledPage title={title} align="flex-start">
          <Text>{t`You have no Web GIS yet.`}</Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/$locale/webgis/create" from="/$locale">
              {t`Create Web GIS`}
            </RouterLink>
          </Button>
        </TitledPage>
      );
    case 'shown':
      return (
        <TitledPage title={title} maxW="3xl">
          {context.webgis && (
            <ShownView
              state={shownState(snapshot)}
              webgis={context.webgis}
              email={email}
              locale={locale}
            />
          )}
          <SuccessModalView
            open={snapshot.can({ type: 'success.close' })}
            webgis={context.webgis}
            onClose={() => send({ type: 'success.close' })}
          />
        </TitledPage>
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

function ShownView({
  state,
  webgis,
  email,
  locale,
}: {
  state: Shown;
  webgis: Webgis;
  email: string;
  locale: Locale;
}) {
  const { t } = useLingui();
  switch (state) {
    case 'creating':
      return (
        <Alert.Root status="info" role="status">
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
    case 'blocked':
      return (
        <Stack gap="page">
          {state === 'blocked' && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t`Your Web GIS is blocked`}</Alert.Title>
                <Alert.Description>
                  {t`It exceeds the limits of your plan. Upgrade the plan, or contact us to reduce the data, to unblock it.`}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <DetailsView webgis={webgis} state={state} locale={locale} />
          <ActionsView webgis={webgis} state={state} />
        </Stack>
      );
    case 'failed':
      return (
        <Stack gap="section" align="flex-start">
          <Alert.Root status="error">
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
