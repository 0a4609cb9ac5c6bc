import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { liveUnsubscribeMachine } from '../../../flows/unsubscribe.flow.ts';
import { inspect } from '../../../flows/inspect.ts';
import { MalformedLinkError } from '../../../components/error-page.tsx';
import { pageTitle } from '../../../i18n/title.ts';
import { UnsubscribeView } from '../../../views/unsubscribe/unsubscribe.view.tsx';

export const Route = createFileRoute('/$locale/unsubscribe/$token')({
  // `{user id}.{list}.{signature}`: a link cut or mangled on its way is a bad request.
  beforeLoad: ({ params }) => {
    if (!/^\d{1,9}\.[a-z_]{1,40}\.[\w-]{43}$/.test(params.token)) {
      throw new MalformedLinkError('unsubscribe token');
    }
  },
  head: () => pageTitle(msg`Unsubscribe`),
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useParams();
  const actor = useActorRef(liveUnsubscribeMachine(token), { inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <UnsubscribeView snapshot={snapshot} send={actor.send} />;
}
