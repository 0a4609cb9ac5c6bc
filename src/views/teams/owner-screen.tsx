import { useSelector } from '@xstate/react';
import { OwnerView } from './team-owner.view.tsx';
import { useTeamOwner, useTeamOwnerDraft } from './team-owner-context.tsx';

/** /teammanage/owner: the team-owner machine of the layout, drawn by OwnerView. */
export function OwnerScreen() {
  const actor = useTeamOwner();
  const snapshot = useSelector(actor, (s) => s);
  const draft = useTeamOwnerDraft();
  return <OwnerView snapshot={snapshot} send={actor.send} draft={draft} />;
}
