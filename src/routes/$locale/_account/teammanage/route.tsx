import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TeamLayout } from '../../../../views/teams/team-layout.tsx';
import { TeamOwnerProvider } from '../../../../views/teams/team-owner-context.tsx';

/** /teammanage: the owner and member tabs around the one chosen (section 2). */
export const Route = createFileRoute('/$locale/_account/teammanage')({
  component: TeamPage,
});

function TeamPage() {
  return (
    <TeamOwnerProvider>
      <TeamLayout>
        <Outlet />
      </TeamLayout>
    </TeamOwnerProvider>
  );
}
