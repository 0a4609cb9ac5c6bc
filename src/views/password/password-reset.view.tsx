import { Alert, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { AuthCard } from '../../components/auth-card.tsx';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import type { passwordResetMachine } from '../../../machines/password-reset.machine.ts';
import { ResetFormView } from './reset-form.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface ResetViewProps extends MachineViewProps<typeof passwordResetMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

function BackToSignIn() {
  const { t } = useLingui();
  return (
    <Link asChild colorPalette="blue" alignSelf="flex-start">
      <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
        {t`Back to sign in`}
      </RouterLink>
    </Link>
  );
}

/** Password reset: the e-mail form, then the same answer whoever asked. */
export function ResetView({ snapshot, send, formRef }: ResetViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const email = snapshot.context.email;
  switch (state) {
    case 'editing':
    case 'submitting':
      return (
        <AuthCard title={t`Password reset`}>
          <Text color="fg.muted">{t`Enter the email of your account and we will send you a link to set a new password.`}</Text>
          <ResetFormView
            busy={state === 'submitting'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
          <BackToSignIn />
        </AuthCard>
      );
    case 'sent':
      return (
        <AuthCard title={t`Password reset`}>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>
              {t`If an account exists for ${email}, we sent a link to reset the password.`}
            </Alert.Title>
          </Alert.Root>
          <BackToSignIn />
        </AuthCard>
      );
    default:
      return state satisfies never;
  }
}
