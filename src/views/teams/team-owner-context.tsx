import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { teamDraft } from '../../../machines/team-owner.machine.ts';
import { inspect } from '../../flows/inspect.ts';
import { liveTeamOwnerMachine, teamOwnerInput } from '../../flows/team-owner.flow.ts';
import { useDraft, type FormDraft } from '../../forms/use-form-draft.ts';

type TeamOwnerActor = ActorRefFrom<typeof liveTeamOwnerMachine>;

const TeamOwnerContext = createContext<{ actor: TeamOwnerActor; draft: FormDraft } | null>(null);

/**
 * The own team's machine for the whole of /teammanage: the tabs show its red dot and
 * the owner tab edits it, so an edit survives a look at the member tab, and the
 * session's end on either tab (decision 0025).
 */
export function TeamOwnerProvider({
  children,
  machine = liveTeamOwnerMachine,
}: {
  children: ReactNode;
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveTeamOwnerMachine;
}) {
  const actor = useActorRef(machine, { input: teamOwnerInput(), inspect });
  const saved = useSelector(actor, (s) => s.matches({ editing: { ready: 'saved' } }));
  const draft = useDraft('team', saved);
  const { connect } = draft;
  useEffect(
    () =>
      connect({
        unsaved: () => {
          const snapshot = actor.getSnapshot();
          return snapshot.matches('editing') ? teamDraft(snapshot.context) : null;
        },
        restore: (values) => actor.send({ type: 'draft.restore', values }),
      }),
    [connect, actor],
  );
  return <TeamOwnerContext.Provider value={{ actor, draft }}>{children}</TeamOwnerContext.Provider>;
}

function useTeamOwnerContext() {
  const value = useContext(TeamOwnerContext);
  if (!value) throw new Error('useTeamOwner needs a TeamOwnerProvider');
  return value;
}

export function useTeamOwner(): TeamOwnerActor {
  return useTeamOwnerContext().actor;
}

/** The offer of the team edit kept when the session ended. */
export function useTeamOwnerDraft(): FormDraft {
  return useTeamOwnerContext().draft;
}
