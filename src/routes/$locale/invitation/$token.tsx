import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import * as v from 'valibot';
import { waitFor } from 'xstate';
import { MalformedLinkError } from '../../../components/error-page.tsx';
import { inspect } from '../../../flows/inspect.ts';
import { liveTeamInvitationMachine } from '../../../flows/team-invitation.flow.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { TeamInvitationView } from '../../../views/teams/team-invitation.view.tsx';

/**
 * An invitation mail's link (decision 0602). Open to anyone: declining needs no sign-in,
 * and accepting signed out goes through sign-in and back here (`next`).
 */
/** The mail's decline link adds `answer=decline`: the page then puts Decline first. */
const InvitationSearch = v.object({ answer: v.optional(v.picklist(['decline'])) });

export const Route = createFileRoute('/$locale/invitation/$token')({
  validateSearch: (search) => {
    const parsed = v.safeParse(InvitationSearch, search);
    return parsed.success ? parsed.output : {};
  },
  // 32 random bytes, base64url: a link cut or mangled on its way is a bad request.
  beforeLoad: async ({ params, context }) => {
    if (!/^[\w-]{43}$/.test(params.token)) throw new MalformedLinkError('invitation token');
    const session = await waitFor(context.session, (s) => !s.hasTag('checking'));
    return { signedInEmail: session.context.user?.email ?? null };
  },
  head: () => pageTitle(msg`Team invitation`),
  component: InvitationPage,
});

function InvitationPage() {
  const { token, locale } = Route.useParams();
  const { signedInEmail, session } = Route.useRouteContext();
  const { answer } = Route.useSearch();
  const here = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();
  const actor = useActorRef(liveTeamInvitationMachine(token, signedInEmail), { inspect });
  const snapshot = useSelector(actor, (s) => s);
  const switchAccount = useCallback(() => {
    void (async () => {
      session.send({ type: 'session.signOut' });
      await waitFor(session, (s) => !s.matches('signingOut') && !s.hasTag('checking'));
      await navigate({
        to: '/$locale/login/$step',
        params: { locale, step: '1' },
        search: { next: here },
      });
    })();
  }, [session, navigate, locale, here]);
  return (
    <TeamInvitationView
      snapshot={snapshot}
      send={actor.send}
      returnTo={here}
      declineFirst={answer === 'decline'}
      onSwitchAccount={switchAccount}
    />
  );
}
