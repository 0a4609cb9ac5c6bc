import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import * as v from 'valibot';
import { WebgisState, WebgisTransition } from '../../../../../contract/webgis-states.ts';
import { isLocale } from '../../../../i18n/locale.ts';
import { pageTitle } from '../../../../i18n/title.ts';
import { SettingsScreen } from '../../../../views/webgis/settings-screen.tsx';

/** What the create page sends the user here with (section 2); anything else is ignored. */
const WebgisSearch = v.object({
  'webgis-status': v.fallback(v.optional(WebgisState), undefined),
  'webgis-transition-status': v.fallback(v.optional(WebgisTransition), undefined),
});

export const Route = createFileRoute('/$locale/_account/webgis/')({
  validateSearch: WebgisSearch,
  head: () => pageTitle(msg`Web GIS`),
  component: WebgisPage,
});

function WebgisPage() {
  const search = Route.useSearch();
  const { locale } = Route.useParams();
  const { session } = Route.useRouteContext();
  const email = useSelector(session, (s) => s.context.user?.email ?? '');
  const navigate = useNavigate();
  // Closing the success modal takes the query out of the address (section 2).
  const onStripQuery = useCallback(
    () => void navigate({ to: '/$locale/webgis', params: { locale }, search: {}, replace: true }),
    [navigate, locale],
  );
  return (
    <SettingsScreen
      email={email}
      locale={isLocale(locale) ? locale : 'en'}
      showSuccess={search['webgis-status'] === 'started'}
      onStripQuery={onStripQuery}
    />
  );
}
