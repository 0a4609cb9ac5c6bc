import { useLingui } from '@lingui/react/macro';
import { TitledPage } from '../../components/titled.tsx';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { savedOverLimit } from '../../../machines/team-owner.machine.ts';
import { TabsView } from './tabs.view.tsx';
import { useTeamOwner } from './team-owner-context.tsx';

/** /teammanage: the heading, the tabs (with the red dot of the own team) and the tab. */
export function TeamLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const overLimit = useSelector(useTeamOwner(), (s) => savedOverLimit(s.context));
  return (
    <TitledPage title={t`Team`}>
      <TabsView overLimit={overLimit} />
      {children}
    </TitledPage>
  );
}
