import { Link, Separator } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { AuthCard } from '../../components/auth-card.tsx';
import { PageBusy } from '../../components/status.tsx';
import type { loginMachine } from '../../../machines/login.machine.ts';
import { LoginFormView } from './login-form.view.tsx';
import { SocialButtons } from './social-buttons.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface LoginViewProps extends MachineViewProps<typeof loginMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** Sign-in page: the form while editing or submitting, a spinner once signed in. */
export function LoginView({ snapshot, send, formRef }: LoginViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  switch (state) {
    case 'editing':
    case 'submitting':
      return (
        <AuthCard
          title={t`Sign in`}
          footer={
            <Trans>
              New here?{' '}
              <Link asChild colorPalette="blue" fontWeight="medium">
                <RouterLink to="/$locale/signup" from="/$locale">
                  Create an account
                </RouterLink>
              </Link>
            </Trans>
          }
        >
          <LoginFormView
            busy={state === 'submitting'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
          <Separator />
          <SocialButtons intent="login" next={snapshot.context.next} />
        </AuthCard>
      );
    case 'signedIn':
      return <PageBusy label={t`Signing in…`} />;
    default:
      return state satisfies never;
  }
}
