import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { Box, Spinner } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { lazy, Suspense, useCallback } from 'react';
import * as v from 'valibot';
import { waitFor } from 'xstate';
import { SocialProvider } from '../../../../contract/social-providers.ts';
import type { SocialAccountConsentOutput } from '../../../../machines/social-account-consent.machine.ts';
import { LoginScreen } from '../../../views/login/login-screen.tsx';
import { SocialSignInError } from '../../../views/login/social-buttons.tsx';
import { isLoginNotice, LoginNotice } from '../../../views/login/login-notice.tsx';
import { loadPageTexts } from '../../../i18n/i18n.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { keepQuery, safeNext } from '../../-search.ts';
import { carryQuery } from '../signup/-carry-query.ts';

// Step 2 is rare: its screen loads when it is visited, not with the first visit, and its
// texts with it.
const VerificationScreen = lazy(() =>
  Promise.all([
    import('../../../views/verification/verification-screen.tsx'),
    loadPageTexts(),
  ]).then(([m]) => ({ default: m.VerificationScreen })),
);

// So is the authenticator app's code step (/login/2?factor=app, decision 0218).
const SecondFactorScreen = lazy(() =>
  Promise.all([import('../../../views/login/second-factor-screen.tsx'), loadPageTexts()]).then(
    ([m]) => ({ default: m.SecondFactorScreen }),
  ),
);

// So is a social sign-in new here, which asks for consent to the terms.
const SocialAccountConsentScreen = lazy(() =>
  Promise.all([
    import('../../../views/login/social-account-consent-screen.tsx'),
    loadPageTexts(),
  ]).then(([m]) => ({ default: m.SocialAccountConsentScreen })),
);

export const Route = createFileRoute('/$locale/login/$step')({
  ...keepQuery,
  beforeLoad: async ({ context, params, search }) => {
    // Step 2: the right credentials of an account whose e-mail is not confirmed yet, or
    // (factor=app) of one with the authenticator app on.
    if (params.step !== '1' && params.step !== '2') {
      throw redirect({ to: '/$locale/login/$step', params: { ...params, step: '1' }, search });
    }
    const session = await waitFor(context.session, (s) => !s.hasTag('checking'));
    if (session.matches('signedIn')) {
      throw redirect({ href: safeNext(search.next, `/${params.locale}/profile`) });
    }
  },
  head: ({ params, match }) =>
    pageTitle(
      params.step !== '2'
        ? msg`Sign in`
        : match.search['factor'] === 'app'
          ? msg`Enter the code from your app`
          : msg`Confirm your email`,
    ),
  staticData: { firstVisitTexts: true },
  component: LoginPage,
});

function LoginPage() {
  const { locale, step } = Route.useParams();
  const search = Route.useSearch();
  const { session } = Route.useRouteContext();
  const router = useRouter();
  const { searchStr } = useLocation();
  const next = safeNext(search.next, `/${locale}/profile`);
  const onSignedIn = useCallback(
    async (target: string) => {
      session.send({ type: 'session.refresh' });
      await waitFor(session, (s) => !s.hasTag('checking'));
      // /login/2 keeps the query, as the sign-in steps do.
      const href = carryQuery(safeNext(target, next), searchStr, locale);
      await router.navigate({ href, replace: true });
    },
    [session, router, next, searchStr, locale],
  );
  if (step === '2') {
    return (
      <Suspense
        fallback={
          <Box role="status" py="16" textAlign="center">
            <Spinner size="lg" />
          </Box>
        }
      >
        {search['factor'] === 'app' ? (
          <SecondFactorScreen key={step} onSignedIn={onSignedIn} />
        ) : (
          <VerificationScreen key={step} confirmedNext={next} onConfirmed={onSignedIn} />
        )}
      </Suspense>
    );
  }
  const socialError = typeof search['error'] === 'string' ? search['error'] : null;
  const notice = isLoginNotice(search['notice']) ? search['notice'] : null;
  const consent = v.safeParse(SocialProvider, search['consent']);
  return (
    <>
      {socialError && <SocialSignInError code={socialError} />}
      {notice && <LoginNotice notice={notice} />}
      <LoginScreen key={step} next={next} onSignedIn={onSignedIn} />
      {consent.success && (
        <Suspense fallback={null}>
          <SocialAccountConsentScreen
            key={consent.output}
            provider={consent.output}
            onDecided={(output) => void afterConsent(output)}
          />
        </Suspense>
      )}
    </>
  );

  /** Signed in: on to `next`; declined or failed: the sign-in page without the question. */
  async function afterConsent(output: SocialAccountConsentOutput) {
    if (output.outcome === 'signedIn') return onSignedIn(output.next);
    // Named as undefined: the route keeps the query it is given otherwise.
    await router.navigate({
      to: '/$locale/login/$step',
      params: { locale, step: '1' },
      search: {
        ...search,
        consent: undefined,
        error: output.outcome === 'failed' ? output.error : undefined,
      },
      replace: true,
    });
  }
}
