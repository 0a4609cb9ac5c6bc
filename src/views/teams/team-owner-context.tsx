import { useActorRef } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { inspect } from '../../flows/inspect.ts';
import { liveTeamOwnerMachine } from '../../flows/team-owner.flow.ts';

type TeamOwnerActor = ActorRefFrom<typeof liveTeamOwnerMachine>;

const TeamOwnerContext = createContext<TeamOwnerActor | null>(null);

/**
 * The own team's machine for the whole of /teammanage: the tabs show its red dot and
 * the owner tab edits it, so an edit survives a look at the member tab.
 */
export function TeamOwnerProvider({
  children,
  machine = liveTeamOwnerMachine,
}: {
  children: ReactNode;
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveTeamOwnerMachine;
}) {
  const actor = useActorRef(machine, { inspect });
  return <TeamOwnerContext.Provider value={actor}>{children}</TeamOwnerContext.Provider>;
}

export function useTeamOwner(): TeamOwnerActor {
  const actor = useContext(TeamOwnerContext);
  if (!actor) throw new Error('useTeamOwner needs a TeamOwnerProvider');
  return actor;
}
