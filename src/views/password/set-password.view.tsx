import { Alert, Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { AuthCard } from '../../components/auth-card.tsx';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import type { setPasswordMachine } from '../../../machines/set-password.machine.ts';
import { SetPasswordFormView } from './set-password-form.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface SetPasswordViewProps extends MachineViewProps<typeof setPasswordMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The e-mailed link's page: a new password, then sign in with it. */
export function SetPasswordView({ snapshot, send, formRef }: SetPasswordViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const title = t`Set a new password`;
  switch (state) {
    case 'editing':
    case 'submitting':
      return (
        <AuthCard title={title}>
          <SetPasswordFormView
            busy={state === 'submitting'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
        </AuthCard>
      );
    case 'linkInvalid':
      return (
        <AuthCard title={title}>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              {snapshot.context.linkError === 'token_expired'
                ? t`This link has expired. Please request a new one.`
                : t`This link is not valid. Please request a new one.`}
            </Alert.Title>
          </Alert.Root>
          <Button asChild colorPalette="blue" alignSelf="flex-start">
            <RouterLink to="/$locale/password/reset" from="/$locale">
              {t`Request a new link`}
            </RouterLink>
          </Button>
        </AuthCard>
      );
    case 'changed':
      return (
        <AuthCard title={title}>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{t`Your password was changed. Sign in with the new one.`}</Alert.Title>
          </Alert.Root>
          <Button asChild colorPalette="blue" alignSelf="flex-start">
            <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
              {t`Sign in`}
            </RouterLink>
          </Button>
        </AuthCard>
      );
    default:
      return state satisfies never;
  }
}
