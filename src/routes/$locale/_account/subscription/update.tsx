import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import * as v from 'valibot';
import { pageReads } from '../../../../../contract/page-reads.ts';
import { planIds } from '../../../../../contract/profile.ts';
import type { Leaving } from '../../../../../machines/checkout.machine.ts';
import { isLocale } from '../../../../i18n/locale.ts';
import { pageTitle } from '../../../../i18n/title.ts';
import { UpdateScreen } from '../../../../views/subscription/update-screen.tsx';

/** plan and period to preselect ('annually' is read as yearly). */
const UpdateSearch = v.object({
  plan: v.fallback(v.optional(v.picklist(planIds)), undefined),
  period: v.fallback(v.optional(v.picklist(['monthly', 'yearly', 'annually'])), undefined),
});

export const Route = createFileRoute('/$locale/_account/subscription/update')({
  validateSearch: UpdateSearch,
  staticData: {
    warmReads: (search) => pageReads('/subscription/update', search),
  },
  head: () => pageTitle(msg`Change subscription`),
  component: UpdatePage,
});

function UpdatePage() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const { locale } = Route.useParams();
  const navigate = useNavigate();
  const onQueryCleared = useCallback(
    () =>
      void navigate({
        to: '/$locale/subscription/update',
        params: { locale },
        search: {},
        replace: true,
      }),
    [navigate, locale],
  );
  const onLeave = useCallback(
    (leaving: Leaving) => {
      // The provider's checkout page is outside the SPA.
      if (leaving.external) window.location.assign(leaving.href);
      else void navigate({ href: leaving.href });
    },
    [navigate],
  );
  return (
    <UpdateScreen
      query={{ plan: search.plan ?? null, period: search.period ?? null }}
      payer={{
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        country: user.country,
      }}
      locale={isLocale(locale) ? locale : 'en'}
      onQueryCleared={onQueryCleared}
      onLeave={onLeave}
    />
  );
}
