import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import type { RefObject } from 'react';
import type { onpremiseMachine } from '../../../machines/onpremise.machine.ts';
import { PageLoad } from '../page-load.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { topState, type MachineViewProps } from '../machine-view.ts';
import { BindingsView } from './bindings.view.tsx';
import { NotAvailableView } from './not-available.view.tsx';
import { OfferingView } from './offering.view.tsx';

export interface OnpremiseViewProps extends MachineViewProps<typeof onpremiseMachine> {
  locale: Locale;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** /myngidonpremises (section 2): a spinner, then the offering and binding on premium, else the notice. */
export function OnpremiseView({ snapshot, send, locale, formRef }: OnpremiseViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const top = topState(snapshot.value);
  const title = t`On-premise`;
  switch (top) {
    case 'loading':
    case 'unavailable':
      return (
        <PageLoad
          failed={top === 'unavailable'}
          title={title}
          message={t`Couldn't load your subscription. Please try again.`}
          onRetry={() => send({ type: 'plan.retry' })}
        />
      );
    case 'notAvailable':
      return (
        <TitledPage title={title}>
          <NotAvailableView />
        </TitledPage>
      );
    case 'premium':
      return (
        <TitledPage title={title}>
          <OfferingView viaTeam={context.viaTeam} />
          <BindingsView snapshot={snapshot} send={send} locale={locale} formRef={formRef} />
        </TitledPage>
      );
    default:
      return top satisfies never;
  }
}
