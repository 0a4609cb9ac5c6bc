import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { liveEmailUndoMachine } from '../../../../flows/email-undo.flow.ts';
import { inspect } from '../../../../flows/inspect.ts';
import { MalformedLinkError } from '../../../../components/error-page.tsx';
import { pageTitle } from '../../../../i18n/title.ts';
import { EmailUndoView } from '../../../../views/email/email-undo.view.tsx';

export const Route = createFileRoute('/$locale/email/undo/$token')({
  // 32 random bytes, base64url: a link cut or mangled on its way is a bad request.
  beforeLoad: ({ params }) => {
    if (!/^[\w-]{43}$/.test(params.token)) throw new MalformedLinkError('email undo token');
  },
  head: () => pageTitle(msg`Undo the email change`),
  component: EmailUndoPage,
});

function EmailUndoPage() {
  const { token } = Route.useParams();
  const actor = useActorRef(liveEmailUndoMachine(token), { inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <EmailUndoView snapshot={snapshot} send={actor.send} />;
}
