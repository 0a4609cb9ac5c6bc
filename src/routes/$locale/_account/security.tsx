import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { pageTitle } from '../../../i18n/title.ts';
import { SecurityScreen } from '../../../views/security/security-screen.tsx';

export const Route = createFileRoute('/$locale/_account/security')({
  head: () => pageTitle(msg`Security`),
  component: SecurityPage,
});

function SecurityPage() {
  const { user } = Route.useRouteContext();
  return <SecurityScreen hasPassword={user.has_password !== false} />;
}
