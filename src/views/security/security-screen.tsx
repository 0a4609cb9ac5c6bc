import { Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { TitledPage } from '../../components/titled.tsx';
import { inspect } from '../../flows/inspect.ts';
import { liveSecurityLogMachine } from '../../flows/security-log.flow.ts';
import { liveSessionListMachine } from '../../flows/session-list.flow.ts';
import { SecurityLogView } from './security-log.view.tsx';
import { SessionListView } from './session-list.view.tsx';

/** /security: where the account is signed in, and what happened to it lately. */
export function SecurityScreen() {
  const { t } = useLingui();
  const sessions = useActorRef(liveSessionListMachine, { inspect });
  const sessionsSnapshot = useSelector(sessions, (s) => s);
  const log = useActorRef(liveSecurityLogMachine, { inspect });
  const logSnapshot = useSelector(log, (s) => s);
  return (
    <TitledPage title={t`Security`}>
      <SessionListView snapshot={sessionsSnapshot} send={sessions.send} />
      <Separator />
      <SecurityLogView snapshot={logSnapshot} send={log.send} />
    </TitledPage>
  );
}
