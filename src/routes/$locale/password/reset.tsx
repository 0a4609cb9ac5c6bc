import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { keepQuery } from '../../-search.ts';
import { sectionRoute } from '../../../components/section-page.tsx';

export const Route = createFileRoute('/$locale/password/reset')({
  ...sectionRoute(msg`Password reset`),
  ...keepQuery,
});
