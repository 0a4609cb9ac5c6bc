import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../flows/inspect.ts';
import { liveTeamMemberMachine } from '../../flows/team-member.flow.ts';
import { MemberView } from './member.view.tsx';

/** /teammanage/member: the team-member machine, drawn by MemberView. */
export function MemberScreen({
  machine = liveTeamMemberMachine,
}: {
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveTeamMemberMachine;
}) {
  const actor = useActorRef(machine, { inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <MemberView snapshot={snapshot} send={actor.send} />;
}
