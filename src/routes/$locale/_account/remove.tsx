import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { liveProfileRemovalMachine } from '../../../flows/profile-removal.flow.ts';
import { inspect } from '../../../flows/inspect.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { ProfileRemovalView } from '../../../views/profile/profile-removal.view.tsx';

export const Route = createFileRoute('/$locale/_account/remove')({
  head: () => pageTitle(msg`Profile removal`),
  component: RemovePage,
});

/** Reached after the confirmation on /profile; lands on sign-in with a notice. */
function RemovePage() {
  const { session } = Route.useRouteContext();
  const { locale } = Route.useParams();
  const navigate = useNavigate();
  const actor = useActorRef(liveProfileRemovalMachine, { inspect });
  const snapshot = useSelector(actor, (s) => s);
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    session.send({ type: 'session.refresh' });
    void navigate({
      to: '/$locale/login/$step',
      params: { locale, step: '1' },
      search: { notice: 'profile_removed' },
      replace: true,
    });
  }, [snapshot.status, session, navigate, locale]);
  return <ProfileRemovalView snapshot={snapshot} send={actor.send} />;
}
