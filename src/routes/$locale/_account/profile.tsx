import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { pageReads } from '../../../../contract/page-reads.ts';
import type { Profile } from '../../../../contract/profile.ts';
import { ProfileScreen } from '../../../views/profile/profile-screen.tsx';
import { pageTitle } from '../../../i18n/title.ts';

export const Route = createFileRoute('/$locale/_account/profile')({
  staticData: {
    warmReads: (search) => pageReads('/profile', search),
  },
  head: () => pageTitle(msg`Profile`),
  component: ProfilePage,
});

function ProfilePage() {
  const { session, user } = Route.useRouteContext();
  const { locale } = Route.useParams();
  const navigate = useNavigate();
  const current = useSelector(session, (s) => s.context.user) ?? user;
  // The header shows the new name at once.
  const onSaved = useCallback(
    (saved: Profile) => session.send({ type: 'session.userChanged', user: saved }),
    [session],
  );
  const onRemovalConfirmed = useCallback(
    () => void navigate({ to: '/$locale/remove', params: { locale } }),
    [navigate, locale],
  );
  return (
    <ProfileScreen
      user={current}
      locale={locale}
      onSaved={onSaved}
      onRemovalConfirmed={onRemovalConfirmed}
    />
  );
}
