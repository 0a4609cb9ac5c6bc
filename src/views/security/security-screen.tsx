import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { TitledPage } from '../../components/titled.tsx';
import { inspect } from '../../flows/inspect.ts';
import { liveSessionListMachine } from '../../flows/session-list.flow.ts';
import { SessionListView } from './session-list.view.tsx';

/** /security: where the account is signed in. */
export function SecurityScreen() {
  const { t } = useLingui();
  const sessions = useActorRef(liveSessionListMachine, { inspect });
  const snapshot = useSelector(sessions, (s) => s);
  return (
    <TitledPage title={t`Security`}>
      <SessionListView snapshot={snapshot} send={sessions.send} />
    </TitledPage>
  );
}
