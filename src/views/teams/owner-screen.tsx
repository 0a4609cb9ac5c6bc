import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { inspect } from '../../flows/inspect.ts';
import { liveTeamInviteMachine, teamInviteInput } from '../../flows/team-invite.flow.ts';
import { isLocale } from '../../i18n/locale.ts';
import { OwnerView } from './team-owner.view.tsx';
import { useTeamOwner, useTeamOwnerDraft } from './team-owner-context.tsx';
import { TeamInviteView } from './team-invite.view.tsx';

/**
 * /teammanage/owner: the team-owner machine of the layout, drawn by OwnerView, with the
 * invitations by e-mail (the team-invite machine) under the users.
 */
export function OwnerScreen() {
  const { i18n } = useLingui();
  const actor = useTeamOwner();
  const snapshot = useSelector(actor, (s) => s);
  const draft = useTeamOwnerDraft();
  const invites = useActorRef(liveTeamInviteMachine, {
    inspect,
    input: teamInviteInput(isLocale(i18n.locale) ? i18n.locale : 'en'),
  });
  const invitesSnapshot = useSelector(invites, (s) => s);
  const pendingSeats = invitesSnapshot.context.invitations.filter((one) => !one.expired).length;
  return (
    <OwnerView
      snapshot={snapshot}
      send={actor.send}
      draft={draft}
      pendingSeats={pendingSeats}
      invitations={<TeamInviteView snapshot={invitesSnapshot} send={invites.send} />}
    />
  );
}
