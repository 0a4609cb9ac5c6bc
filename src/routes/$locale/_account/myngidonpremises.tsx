import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { pageReads } from '../../../../contract/page-reads.ts';
import { isLocale } from '../../../i18n/locale.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { OnpremiseScreen } from '../../../views/onpremise/onpremise-screen.tsx';

export const Route = createFileRoute('/$locale/_account/myngidonpremises')({
  staticData: {
    warmReads: (search) => pageReads('/myngidonpremises', search),
  },
  head: () => pageTitle(msg`On-premise`),
  component: OnpremisePage,
});

function OnpremisePage() {
  const { session, user } = Route.useRouteContext();
  const { locale } = Route.useParams();
  const current = useSelector(session, (s) => s.context.user) ?? user;
  return <OnpremiseScreen locale={isLocale(locale) ? locale : 'en'} user={current} />;
}
