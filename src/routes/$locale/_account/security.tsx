import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { pageTitle } from '../../../i18n/title.ts';
import { SecurityScreen } from '../../../views/security/security-screen.tsx';

export const Route = createFileRoute('/$locale/_account/security')({
  head: () => pageTitle(msg`Security`),
  component: SecurityPage,
});

function SecurityPage() {
  const { session, user } = Route.useRouteContext();
  const current = useSelector(session, (s) => s.context.user) ?? user;
  // The header and the profile page show the new address at once.
  const onEmailChanged = useCallback(
    (email: string) => session.send({ type: 'session.userChanged', user: { ...current, email } }),
    [session, current],
  );
  return (
    <SecurityScreen
      hasPassword={current.has_password !== false}
      email={current.email}
      onEmailChanged={onEmailChanged}
    />
  );
}
