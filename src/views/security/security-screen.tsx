import { Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { TitledPage } from '../../components/titled.tsx';
import { liveEmailChangeMachine } from '../../flows/email-change.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { livePasswordChangeMachine } from '../../flows/password-change.flow.ts';
import { liveSecurityLogMachine } from '../../flows/security-log.flow.ts';
import { liveSessionListMachine } from '../../flows/session-list.flow.ts';
import { liveTwoFactorSetupMachine } from '../../flows/two-factor-setup.flow.ts';
import { useFormFlow } from '../../forms/use-form-flow.ts';
import { EmailChangeView } from './email-change.view.tsx';
import { NoPasswordView, PasswordChangeView } from './password-change.view.tsx';
import { PasskeysBlock } from './passkeys-block.tsx';
import { SecurityLogView } from './security-log.view.tsx';
import { SessionListView } from './session-list.view.tsx';
import { TwoFactorView } from './two-factor-setup.view.tsx';

export interface SecurityScreenProps {
  /** The account has a password (one that signs in only socially has none). */
  hasPassword?: boolean;
  /** The account's address now. */
  email: string;
  /** The address was changed here: the session (header, profile page) takes it. */
  onEmailChanged?: (email: string) => void;
}

/**
 * /security: where the account is signed in, its password and e-mail, the authenticator
 * app, and what happened lately.
 */
export function SecurityScreen({ hasPassword = true, email, onEmailChanged }: SecurityScreenProps) {
  const { t } = useLingui();
  const password = useFormFlow(livePasswordChangeMachine);
  const emailChange = useFormFlow(liveEmailChangeMachine);
  const twoFactor = useFormFlow(liveTwoFactorSetupMachine);
  const { changes, changedTo } = emailChange.snapshot.context;
  const changed = useRef(onEmailChanged);
  useEffect(() => {
    changed.current = onEmailChanged;
  });
  useEffect(() => {
    if (changes > 0 && changedTo !== null) changed.current?.(changedTo);
  }, [changes, changedTo]);
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
      <EmailChangeView
        snapshot={emailChange.snapshot}
        send={emailChange.actorRef.send}
        currentEmail={email}
        formRef={emailChange.formRef}
      />
      <Separator />
      <TwoFactorView
        snapshot={twoFactor.snapshot}
        send={twoFactor.actorRef.send}
        formRef={twoFactor.formRef}
      />
      <Separator />
      <SecurityLogView snapshot={logSnapshot} send={log.send} />
    </TitledPage>
  );
}
