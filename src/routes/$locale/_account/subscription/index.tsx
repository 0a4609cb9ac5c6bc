import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { sectionRoute } from '../../../../components/section-page.tsx';

export const Route = createFileRoute('/$locale/_account/subscription/')(
  sectionRoute(msg`Subscription`),
);
