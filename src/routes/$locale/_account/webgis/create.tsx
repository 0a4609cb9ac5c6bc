import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import type { WebgisCreateOutput } from '../../../../../machines/webgis-create.machine.ts';
import { isLocale } from '../../../../i18n/locale.ts';
import { pageTitle } from '../../../../i18n/title.ts';
import { CreateScreen } from '../../../../views/webgis/create-screen.tsx';

export const Route = createFileRoute('/$locale/_account/webgis/create')({
  head: () => pageTitle(msg`Create Web GIS`),
  component: CreatePage,
});

function CreatePage() {
  const { locale } = Route.useParams();
  const { session, user } = Route.useRouteContext();
  const navigate = useNavigate();
  // Section 2: on to /webgis/ with the state and transition the creation ended with; the
  // header and sidebar follow the new address at once. A user who has an instance already
  // is sent to /webgis/ as it is, in place of this page (issue 31).
  const onDone = useCallback(
    ({ webgis, existing }: WebgisCreateOutput) => {
      if (webgis) session.send({ type: 'session.webgisChanged', webgis });
      if (existing) {
        void navigate({ to: '/$locale/webgis', params: { locale }, search: {}, replace: true });
        return;
      }
      void navigate({
        to: '/$locale/webgis',
        params: { locale },
        search: {
          'webgis-status': webgis?.state,
          'webgis-transition-status': webgis?.state_transition ?? undefined,
        },
      });
    },
    [session, navigate, locale],
  );
  return (
    <CreateScreen
      username={user.username}
      locale={isLocale(locale) ? locale : 'en'}
      onDone={onDone}
    />
  );
}
