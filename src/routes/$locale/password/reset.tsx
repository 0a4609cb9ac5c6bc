import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { keepQuery } from '../../-search.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { ResetScreen } from '../../../views/password/reset-screen.tsx';

export const Route = createFileRoute('/$locale/password/reset')({
  ...keepQuery,
  head: () => pageTitle(msg`Password reset`),
  component: () => <ResetScreen />,
});
