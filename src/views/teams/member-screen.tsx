import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { Team } from '../../../contract/teams.ts';
import { ConfirmRound } from '../../components/confirm-dialog.tsx';
import { inspect } from '../../flows/inspect.ts';
import { liveTeamMemberMachine, teamMemberInput } from '../../flows/team-member.flow.ts';
import { MemberView } from './team-member.view.tsx';

/**
 * /teammanage/member: the team-member machine, drawn by MemberView, plus a confirm
 * machine per Leave team question; the accepted question becomes `team.leave`.
 */
export function MemberScreen({
  machine = liveTeamMemberMachine,
  onLeft,
}: {
  /** Tests pass the machine with their own actors. */
  machine?: typeof liveTeamMemberMachine;
  /** A team was left: the app reads the session again (the plan through it is gone). */
  onLeft?: () => void;
}) {
  const actor = useActorRef(machine, { input: teamMemberInput(), inspect });
  const snapshot = useSelector(actor, (s) => s);
  // Which team the open question is about; the confirm machine holds whether it is open.
  const [asked, setAsked] = useState<Team | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const subscription = actor.on('left', () => onLeft?.());
    return () => subscription.unsubscribe();
  }, [actor, onLeft]);

  const onConfirmed = useCallback(() => {
    if (asked) actor.send({ type: 'team.leave', ownerId: asked.owner_id });
    setRound((r) => r + 1);
  }, [actor, asked]);

  return (
    <ConfirmRound key={round} onConfirmed={onConfirmed}>
      {(confirm, sendConfirm) => (
        <MemberView
          snapshot={snapshot}
          send={actor.send}
          confirm={confirm}
          sendConfirm={sendConfirm}
          asked={asked}
          onAsk={(team) => {
            setAsked(team);
            sendConfirm({ type: 'confirm.ask' });
          }}
        />
      )}
    </ConfirmRound>
  );
}
