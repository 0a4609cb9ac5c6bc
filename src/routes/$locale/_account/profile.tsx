import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { ProfileSummary } from '../../../views/profile/profile-summary.view.tsx';
import { pageTitle } from '../../../i18n/title.ts';

export const Route = createFileRoute('/$locale/_account/profile')({
  head: () => pageTitle(msg`Profile`),
  component: ProfilePage,
});

function ProfilePage() {
  const { session, user } = Route.useRouteContext();
  const current = useSelector(session, (s) => s.context.user) ?? user;
  return <ProfileSummary user={current} />;
}
