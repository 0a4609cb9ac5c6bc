import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import { waitFor } from 'xstate';
import { pageTitle } from '../../../i18n/title.ts';
import { isLocale } from '../../../i18n/locale.ts';
import { SignupScreen } from '../../../views/signup/signup-screen.tsx';
import { DetailsScreen } from '../../../views/signup/details-screen.tsx';
import { VerificationScreen } from '../../../views/verification/verification-screen.tsx';
import { keepQuery, safeNext } from '../../-search.ts';
import { carryQuery } from './-carry-query.ts';

const titles = {
  '0': msg`Create an account`,
  '1': msg`Confirm your email`,
  '2': msg`Tell us about yourself`,
};
const steps = Object.keys(titles);

/** Sign-up: 0 credentials, 1 the e-mail code, 2 name and country. */
export const Route = createFileRoute('/$locale/signup/$step')({
  ...keepQuery,
  beforeLoad: async ({ context, params, search }) => {
    if (!steps.includes(params.step)) {
      throw redirect({ to: '/$locale/signup/$step', params: { ...params, step: '0' }, search });
    }
    if (params.step === '0') {
      const session = await waitFor(context.session, (s) => !s.hasTag('checking'));
      if (session.matches('signedIn')) {
        throw redirect({ href: safeNext(search.next, `/${params.locale}/profile`) });
      }
    }
  },
  head: ({ params }) =>
    pageTitle(params.step === '1' ? titles[1] : params.step === '2' ? titles[2] : titles[0]),
  component: SignupPage,
});

function SignupPage() {
  const { locale, step } = Route.useParams();
  const search = Route.useSearch();
  const { searchStr } = useLocation();
  const { session } = Route.useRouteContext();
  const router = useRouter();
  const next = safeNext(search.next, `/${locale}/profile`);

  const goTo = useCallback(
    async (target: string) => {
      await router.navigate({
        href: carryQuery(safeNext(target, next), searchStr, locale),
        replace: true,
      });
    },
    [router, next, searchStr, locale],
  );
  const signedIn = useCallback(
    async (target: string) => {
      session.send({ type: 'session.refresh' });
      await waitFor(session, (s) => !s.hasTag('checking'));
      await goTo(target);
    },
    [session, goTo],
  );

  // A key per step: each step starts its own machine.
  if (step === '1') {
    return (
      <VerificationScreen key={step} confirmedNext={`/${locale}/signup/2`} onConfirmed={goTo} />
    );
  }
  if (step === '2') {
    return <DetailsScreen key={step} locale={isLocale(locale) ? locale : 'en'} onDone={signedIn} />;
  }
  return <SignupScreen key={step} next={next} onRegistered={goTo} />;
}
