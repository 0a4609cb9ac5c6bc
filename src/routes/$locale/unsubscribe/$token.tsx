import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { liveUnsubscribeMachine } from '../../../flows/unsubscribe.flow.ts';
import { inspect } from '../../../flows/inspect.ts';
import { pageTitle } from '../../../i18n/title.ts';
import { UnsubscribeView } from '../../../views/unsubscribe/unsubscribe.view.tsx';

export const Route = createFileRoute('/$locale/unsubscribe/$token')({
  head: () => pageTitle(msg`Unsubscribe`),
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useParams();
  const actor = useActorRef(liveUnsubscribeMachine(token), { inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <UnsubscribeView snapshot={snapshot} send={actor.send} />;
}
