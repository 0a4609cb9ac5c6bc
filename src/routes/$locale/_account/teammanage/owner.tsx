import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { pageReads } from '../../../../../contract/page-reads.ts';
import { pageTitle } from '../../../../i18n/title.ts';
import { OwnerScreen } from '../../../../views/teams/owner-screen.tsx';

export const Route = createFileRoute('/$locale/_account/teammanage/owner')({
  staticData: {
    warmReads: (search) => pageReads('/teammanage/owner', search),
  },
  head: () => pageTitle(msg`My team`),
  component: OwnerScreen,
});
