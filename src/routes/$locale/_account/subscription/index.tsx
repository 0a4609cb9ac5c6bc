import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import * as v from 'valibot';
import { pageReads } from '../../../../../contract/page-reads.ts';
import { attemptStatuses, scenarios } from '../../../../../contract/subscription-query.ts';
import type { PlanId } from '../../../../../contract/profile.ts';
import { pageTitle } from '../../../../i18n/title.ts';
import { isLocale } from '../../../../i18n/locale.ts';
import { SubscriptionScreen } from '../../../../views/subscription/subscription-screen.tsx';

/** What the provider or the checkout sends the user back with; anything else is ignored. */
const SubscriptionSearch = v.object({
  'payment-attempt-status': v.fallback(v.optional(v.picklist(attemptStatuses)), undefined),
  scenario: v.fallback(v.optional(v.picklist(scenarios)), undefined),
  // The plan an invoice was requested for: the dialog names it (the plan stays until paid).
  plan: v.fallback(v.optional(v.picklist(['mini', 'premium'])), undefined),
  'subscription-canceled': v.optional(v.unknown()),
  // The card setup the provider sends the user back from (a change of the saved card).
  card_setup: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^co_[\w-]{1,64}$/))), undefined),
});

export const Route = createFileRoute('/$locale/_account/subscription/')({
  validateSearch: SubscriptionSearch,
  staticData: {
    warmReads: (search) => pageReads('/subscription', search),
  },
  head: () => pageTitle(msg`Subscription`),
  component: SubscriptionPage,
});

function SubscriptionPage() {
  const search = Route.useSearch();
  const { locale } = Route.useParams();
  const navigate = useNavigate();
  const { session } = Route.useRouteContext();
  // A plan changed here (or renewed, or expired) shows in the header at once.
  const onPlanLoaded = useCallback(
    (plan: PlanId) => {
      const user = session.getSnapshot().context.user;
      if (user && user.plan !== plan)
        session.send({ type: 'session.userChanged', user: { ...user, plan } });
    },
    [session],
  );
  // The query leaves the address (section 2) once the outcome is known: a reload while
  // the payment system is awaited reads it again and polls again.
  const onQueryRead = useCallback(
    () =>
      void navigate({ to: '/$locale/subscription', params: { locale }, search: {}, replace: true }),
    [navigate, locale],
  );
  return (
    <SubscriptionScreen
      query={{
        status: search['payment-attempt-status'] ?? null,
        scenario: search.scenario ?? null,
        plan: search.plan ?? null,
      }}
      locale={isLocale(locale) ? locale : 'en'}
      onQueryRead={onQueryRead}
      onPlanLoaded={onPlanLoaded}
      cardSetup={search.card_setup ?? null}
    />
  );
}
