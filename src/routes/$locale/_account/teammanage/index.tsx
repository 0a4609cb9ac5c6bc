import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/$locale/_account/teammanage/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$locale/teammanage/owner', params });
  },
});
