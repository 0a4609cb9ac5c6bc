import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { pageTitle } from '../../../../i18n/title.ts';
import { MemberScreen } from '../../../../views/teams/member-screen.tsx';

export const Route = createFileRoute('/$locale/_account/teammanage/member')({
  head: () => pageTitle(msg`Teams I am in`),
  component: () => <MemberScreen />,
});
