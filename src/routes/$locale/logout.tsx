import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { SignOutPage } from '../../components/sign-out-page.tsx';
import { pageTitle } from '../../i18n/title.ts';

export const Route = createFileRoute('/$locale/logout')({
  head: () => pageTitle(msg`Sign out`),
  component: () => <SignOutPage silent={false} />,
});
