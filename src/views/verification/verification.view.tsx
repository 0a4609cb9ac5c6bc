import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { PageBusy } from '../../components/status.tsx';
import type { verificationMachine } from '../../../machines/verification.machine.ts';
import { AuthStepView } from './auth-step.view.tsx';
import { CodeFormView } from './code-form.view.tsx';
import { ResendView } from './resend.view.tsx';
import { topState, type MachineViewProps } from '../machine-view.ts';

export interface VerificationViewProps extends MachineViewProps<typeof verificationMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The e-mail code step of sign-up (/signup/1) and of sign-in (/login/2). */
export function VerificationView({ snapshot, send, formRef }: VerificationViewProps) {
  const { t } = useLingui();
  const top = topState(snapshot.value);
  const email = snapshot.context.email;
  if (top === 'confirmed') return <PageBusy label={t`Email confirmed. One moment…`} />;
  return (
    <AuthStepView
      title={t`Confirm your email`}
      shown={top}
      onRetry={() => send({ type: 'verification.retry' })}
      lost={{ code: snapshot.context.tokenError, remedy: 'newCode' }}
    >
      <Text>{t`We sent a 6-digit code to ${email}. Enter it below: it works for 15 minutes.`}</Text>
      <CodeFormView
        busy={snapshot.matches({ active: { code: 'submitting' } })}
        serverErrors={snapshot.context.serverErrors}
        send={send}
        formRef={formRef}
      />
      <ResendView snapshot={snapshot} send={send} />
    </AuthStepView>
  );
}
