import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { sectionRoute } from '../../../components/section-page.tsx';

export const Route = createFileRoute('/$locale/password/reset')(sectionRoute(msg`Password reset`));
