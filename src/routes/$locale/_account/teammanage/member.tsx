import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useCallback } from 'react';
import { pageTitle } from '../../../../i18n/title.ts';
import { MemberScreen } from '../../../../views/teams/member-screen.tsx';

export const Route = createFileRoute('/$locale/_account/teammanage/member')({
  head: () => pageTitle(msg`Teams I am in`),
  component: MemberPage,
});

function MemberPage() {
  const { session } = Route.useRouteContext();
  // A team left: the plan through it is gone, so the header's plan is read again.
  const onLeft = useCallback(() => session.send({ type: 'session.refresh' }), [session]);
  return <MemberScreen onLeft={onLeft} />;
}
