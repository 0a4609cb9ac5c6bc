import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import { waitFor } from 'xstate';
import { LoginScreen } from '../../../views/login/login-screen.tsx';
import { pageTitle } from '../../../i18n/title.ts';
import { keepQuery, safeNext } from '../../-search.ts';

export const Route = createFileRoute('/$locale/login/$step')({
  ...keepQuery,
  beforeLoad: async ({ context, params, search }) => {
    // Step 2 (the e-mail code of an unconfirmed account) comes with sign-up.
    if (params.step !== '1') {
      throw redirect({ to: '/$locale/login/$step', params: { ...params, step: '1' }, search });
    }
    const session = await waitFor(context.session, (s) => !s.hasTag('checking'));
    if (session.matches('signedIn')) {
      throw redirect({ href: safeNext(search.next, `/${params.locale}/profile`) });
    }
  },
  head: () => pageTitle(msg`Sign in`),
  component: LoginPage,
});

function LoginPage() {
  const { locale } = Route.useParams();
  const search = Route.useSearch();
  const { session } = Route.useRouteContext();
  const router = useRouter();
  const next = safeNext(search.next, `/${locale}/profile`);
  const onSignedIn = useCallback(
    async (target: string) => {
      session.send({ type: 'session.refresh' });
      await waitFor(session, (s) => !s.hasTag('checking'));
      await router.navigate({ href: safeNext(target, next), replace: true });
    },
    [session, router, next],
  );
  return <LoginScreen next={next} onSignedIn={onSignedIn} />;
}
