import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageReads } from '../../../../../contract/page-reads.ts';

export const Route = createFileRoute('/$locale/_account/teammanage/')({
  // Where it leads: the own team's tab.
  staticData: {
    warmReads: (search) => pageReads('/teammanage', search),
  },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$locale/teammanage/owner', params });
  },
});
