import { Separator } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TitledPage } from '../../components/titled.tsx';
import { liveEmailChangeMachine } from '../../flows/email-change.flow.ts';
import { inspect } from '../../flows/inspect.ts';
import { livePasswordChangeMachine } from '../../flows/password-change.flow.ts';
import { liveSecurityLogMachine, securityLogInput } from '../../flows/security-log.flow.ts';
import { liveSessionListMachine, sessionListInput } from '../../flows/session-list.flow.ts';
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
 * How many times `mark` moved to another value since its first one; a null mark (the
 * block busy or loading) is passed over. A block's mark names what the account now is
 * in it, so a count that grows tells that something was changed here.
 */
export function useChanges(mark: string | null): number {
  const [seen, setSeen] = useState<{ mark: string | null; count: number }>({
    mark: null,
    count: 0,
  });
  if (mark === null || mark === seen.mark) return seen.count;
  const count = seen.mark === null ? seen.count : seen.count + 1;
  setSeen({ mark, count });
  return count;
}

/**
 * The sessions block on its own live machine: each of `changes` (after the first 0)
 * reads the list again, the last one still shown, and `onEnded` hears of each session
 * ended here.
 */
function SessionsBlock({ changes, onEnded }: { changes: number; onEnded: () => void }) {
  const sessions = useActorRef(liveSessionListMachine, { input: sessionListInput(), inspect });
  const snapshot = useSelector(sessions, (s) => s);
  useEffect(() => {
    if (changes > 0) sessions.send({ type: 'sessions.refresh' });
  }, [changes, sessions]);
  useEffect(() => {
    const listening = sessions.on('sessions.ended', onEnded);
    return () => listening.unsubscribe();
  }, [sessions, onEnded]);
  return <SessionListView snapshot={snapshot} send={sessions.send} />;
}

/**
 * The security log on its own live machine: each of `changes` (after the first 0) reads
 * it again, the last one still shown.
 */
function LogBlock({ changes }: { changes: number }) {
  const log = useActorRef(liveSecurityLogMachine, { input: securityLogInput(), inspect });
  const snapshot = useSelector(log, (s) => s);
  useEffect(() => {
    if (changes > 0) log.send({ type: 'events.refresh' });
  }, [changes, log]);
  return <SecurityLogView snapshot={snapshot} send={log.send} />;
}

/** What the authenticator app block says the account has: on, new codes shown, or off. */
function twoFactorMark(snapshot: { matches: (state: 'on' | 'off' | 'showingCodes') => boolean }) {
  if (snapshot.matches('showingCodes')) return 'codes';
  if (snapshot.matches('on')) return 'on';
  return snapshot.matches('off') ? 'off' : null;
}

/**
 * /security: where the account is signed in, its password and e-mail, the authenticator
 * app, and what happened lately. A change made in one block is in the others at once: a
 * password change signed the other browsers out, so the sessions are read again, and
 * every change (and a session ended) is read again into the log.
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
  const [sessionsEnded, setSessionsEnded] = useState(0);
  const countEnded = useCallback(() => setSessionsEnded((count) => count + 1), []);
  const [passkeysMark, setPasskeysMark] = useState<string | null>(null);
  const passwordChanges = useChanges(String(password.snapshot.context.changes));
  // A password change reads the sessions again; the list it reads is not a change of
  // its own, so the log is read once for it.
  const signInChanges =
    passwordChanges +
    sessionsEnded +
    useChanges(String(changes)) +
    useChanges(twoFactorMark(twoFactor.snapshot)) +
    useChanges(passkeysMark);
  return (
    <TitledPage title={t`Security`}>
      <SessionsBlock changes={passwordChanges} onEnded={countEnded} />
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
      <PasskeysBlock onMark={setPasskeysMark} />
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
      <LogBlock changes={signInChanges} />
    </TitledPage>
  );
}
