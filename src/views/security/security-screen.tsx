import { Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { TitledPage } from '../../components/titled.tsx';
import { inspect } from '../../flows/inspect.ts';
import { livePasswordChangeMachine } from '../../flows/password-change.flow.ts';
import { liveSecurityLogMachine } from '../../flows/security-log.flow.ts';
import { liveSessionListMachine } from '../../flows/session-list.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { NoPasswordView, PasswordChangeView } from './password-change.view.tsx';
import { PasskeysBlock } from './passkeys-block.tsx';
import { SecurityLogView } from './security-log.view.tsx';
import { SessionListView } from './session-list.view.tsx';

export interface SecurityScreenProps {
  /** The account has a password (one that signs in only socially has none). */
  hasPassword?: boolean;
}

/** /security: where the account is signed in, its password, and what happened lately. */
export function SecurityScreen({ hasPassword = true }: SecurityScreenProps) {
  const { t } = useLingui();
  const password = useFormFlow(livePasswordChangeMachine);
  const sessions = useActorRef(liveSessionListMachine, { inspect });
  const sessionsSnapshot = useSelector(sessions, (s) => s);
  const log = useActorRef(liveSecurityLogMachine, { inspect });
  const logSnapshot = useSelector(log, (s) => s);
  return (
    <TitledPage title={t`Security`}>
      <SessionListView snapshot={sessionsSnapshot} send={sessions.send} />
      <Separator />
      {hasPassword ? (
        <PasswordChangeView
          snapshot={password.snapshot}
          send={password.actorRef.send}
          formRef={password.formRef}
        />
      ) : (
        <NoPasswordView />
      )}
      <PasskeysBlock />
      <Separator />
      <SecurityLogView snapshot={logSnapshot} send={log.send} />
    </TitledPage>
  );
}
