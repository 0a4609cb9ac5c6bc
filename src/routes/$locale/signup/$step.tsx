import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { keepQuery } from '../../-search.ts';
import { sectionRoute } from '../../../components/section-page.tsx';

export const Route = createFileRoute('/$locale/signup/$step')({
  ...sectionRoute(msg`Create an account`),
  ...keepQuery,
});
