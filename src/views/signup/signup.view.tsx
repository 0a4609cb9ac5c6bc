import { Link, Separator } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import { AuthCard } from '../../components/auth-card.tsx';
import { PageBusy } from '../../components/status.tsx';
import type { signupMachine } from '../../../machines/signup.machine.ts';
import { SignupFormView } from './signup-form.view.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface SignupViewProps extends MachineViewProps<typeof signupMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
  /** The social buttons (and their terms dialog), drawn by the screen. */
  social?: ReactNode;
}

/** Sign-up step 0: the form while editing or submitting, a spinner once registered. */
export function SignupView({ snapshot, send, formRef, social }: SignupViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  switch (state) {
    case 'editing':
    case 'submitting':
      return (
        <AuthCard
          title={t`Create an account`}
          footer={
            <Trans>
              Already have an account?{' '}
              <Link asChild colorPalette="blue" fontWeight="medium">
                <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
                  Sign in
                </RouterLink>
              </Link>
            </Trans>
          }
        >
          <SignupFormView
            busy={state === 'submitting'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
          {social && (
            <>
              <Separator />
              {social}
            </>
          )}
        </AuthCard>
      );
    case 'registered':
      return <PageBusy label={t`Creating the account…`} />;
    default:
      return state satisfies never;
  }
}
