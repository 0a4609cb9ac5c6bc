import { Box, Link, Separator } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/button.tsx';
import { PageBusy } from '../../components/status.tsx';
import { errorText } from '../../forms/messages.ts';
import type { loginMachine } from '../../../machines/login.machine.ts';
import { LoginFormView } from './login-form.view.tsx';
import { SocialButtons } from './social-buttons.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface LoginViewProps extends MachineViewProps<typeof loginMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** Why the browser gave no passkey: the page's own codes, besides the server's. */
const browserWords: Record<string, MessageDescriptor> = {
  passkey_cancelled: msg`No passkey was used: it was cancelled or took too long. You can sign in with your password.`,
  passkey_unsupported: msg`This browser cannot use passkeys. Please sign in with your password.`,
  passkey_failed: msg`The passkey was not accepted. Try again, or sign in with your password.`,
};

/** Sign-in page: the form and the passkey button until signed in, then a spinner. */
export function LoginView({ snapshot, send, formRef }: LoginViewProps) {
  const { t, i18n } = useLingui();
  if (snapshot.matches('signedIn')) return <PageBusy label={t`Signing in…`} />;
  const { passkeyError } = snapshot.context;
  const withPasskey = snapshot.matches('passkey');
  const refusal =
    passkeyError &&
    (browserWords[passkeyError]
      ? i18n._(browserWords[passkeyError])
      : errorText((d) => i18n._(d), { code: passkeyError, detail: '' }));
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
        busy={snapshot.hasTag('busy')}
        serverErrors={snapshot.context.serverErrors}
        send={send}
        formRef={formRef}
      />
      {refusal && (
        // A plain box, not Chakra's Alert: this page is the first visit (docs/decisions/0009).
        <Box role="alert" p="3" borderRadius="l2" bg="bg.error" color="fg.error">
          {refusal}
        </Box>
      )}
      <Button
        variant="outline"
        loading={withPasskey}
        disabled={snapshot.matches('submitting')}
        onClick={() => send({ type: 'passkey.start' })}
      >
        {t`Sign in with a passkey`}
      </Button>
      <Separator />
      <SocialButtons intent="login" next={snapshot.context.next} />
    </AuthCard>
  );
}
