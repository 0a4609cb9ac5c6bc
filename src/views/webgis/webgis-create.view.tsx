import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import type { RefObject } from 'react';
import type { webgisCreateMachine } from '../../../machines/webgis-create.machine.ts';
import { PageBusy } from '../../components/status.tsx';
import { PageLoad } from '../page-load.tsx';
import { useDraft } from '../../forms/use-form-draft.ts';
import type { Locale } from '../../i18n/locale.ts';
import { topState, type MachineViewProps } from '../machine-view.ts';
import { CreateFormView } from './create-form.view.tsx';
import { CreatingDialogView } from './creating-dialog.view.tsx';
import { RelatedInfoView } from './related-info.view.tsx';

export interface CreateViewProps extends MachineViewProps<typeof webgisCreateMachine> {
  locale: Locale;
  formRef?: RefObject<HTMLFormElement | null>;
}

/**
 * /webgis/create: the form beside the related information; the form stays on the
 * page while the Web GIS is created (under the blocking dialog), so nothing typed is lost.
 */
export function CreateView({ snapshot, send, locale, formRef }: CreateViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const top = topState(snapshot.value);
  // The address typed when the session ended is offered back; a creation under way drops it.
  const draft = useDraft('webgis', top === 'polling' || top === 'created' || top === 'timedOut');
  const title = t`Create Web GIS`;
  switch (top) {
    case 'loading':
    case 'unavailable':
      return (
        <PageLoad
          failed={top === 'unavailable'}
          title={title}
          message={t`Couldn't load the data centers. Please try again.`}
          onRetry={() => send({ type: 'options.retry' })}
        />
      );
    case 'form':
    case 'creating':
    case 'polling':
      return (
        <TitledPage title={title}>
          <Text color="fg.muted">{t`Choose the address of your Web GIS and where it runs. Creating usually takes a couple of minutes, up to an hour under load.`}</Text>
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="page" alignItems="start">
            <Box gridColumn={{ lg: 'span 2' }} minW="0">
              <CreateFormView
                domain={context.domain}
                locations={context.locations}
                defaultSubdomain={context.defaultSubdomain}
                serverErrors={context.serverErrors}
                busy={snapshot.hasTag('busy')}
                failed={snapshot.matches({ form: 'failed' })}
                locale={locale}
                send={send}
                draft={draft}
                formRef={formRef}
              />
            </Box>
            <RelatedInfoView locale={locale} />
          </SimpleGrid>
          <CreatingDialogView open={snapshot.hasTag('creating')} />
        </TitledPage>
      );
    case 'created':
    case 'timedOut':
    case 'exists':
      return <PageBusy label={t`Opening your Web GIS…`} />;
    default:
      return top satisfies never;
  }
}
