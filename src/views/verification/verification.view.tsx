import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { AuthCard } from '../../components/auth-card.tsx';
import type { RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { PageBusy, RetryAlert } from '../../components/status.tsx';
import type {
  VerificationEvent,
  verificationMachine,
} from '../../../machines/verification.machine.ts';
import { CodeFormView } from './code-form.view.tsx';
import { ResendView } from './resend.view.tsx';
import { SessionLostView } from './session-lost.view.tsx';

export interface VerificationViewProps {
  snapshot: SnapshotFrom<typeof verificationMachine>;
  send: (event: VerificationEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The e-mail code step of sign-up (/signup/1) and of sign-in (/login/2). */
export function VerificationView({ snapshot, send, formRef }: VerificationViewProps) {
  const { t } = useLingui();
  const top = typeof snapshot.value === 'string' ? snapshot.value : 'active';
  const email = snapshot.context.email;
  const title = t`Confirm your email`;
  switch (top) {
    case 'loading':
      return <PageBusy label={t`Loading…`} />;
    case 'unavailable':
      return (
        <AuthCard title={title}>
          <RetryAlert
            message={t`Something went wrong. Try again later.`}
            onRetry={() => send({ type: 'verification.retry' })}
          />
        </AuthCard>
      );
    case 'active':
      return (
        <AuthCard title={title}>
          <Text>{t`We sent a 6-digit code to ${email}. Enter it below: it works for 15 minutes.`}</Text>
          <CodeFormView
            busy={snapshot.matches({ active: { code: 'submitting' } })}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
          <ResendView snapshot={snapshot} send={send} />
        </AuthCard>
      );
    case 'sessionLost':
      return (
        <AuthCard title={title}>
          <SessionLostView code={snapshot.context.tokenError} remedy="newCode" />
        </AuthCard>
      );
    case 'confirmed':
      return <PageBusy label={t`Email confirmed. One moment…`} />;
    default:
      return top satisfies never;
  }
}
