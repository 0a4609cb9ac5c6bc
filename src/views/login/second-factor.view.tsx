import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { SecondFactorForm } from '../../../contract/identity.ts';
import type {
  SecondFactorEvent,
  secondFactorMachine,
} from '../../../machines/second-factor.machine.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { PageBusy } from '../../components/status.tsx';
import * as Form from '../../forms/kit.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { appCodeMessages } from '../security/app-code-messages.ts';

export interface SecondFactorViewProps extends MachineViewProps<typeof secondFactorMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** /login/2 of an account with the authenticator app on: its code, or a recovery code. */
export function SecondFactorView({ snapshot, send, formRef }: SecondFactorViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const title = t`Enter the code from your app`;
  switch (state) {
    case 'signedIn':
      return <PageBusy label={t`Signed in. One moment…`} />;
    case 'sessionLost':
      return (
        <AuthCard title={title}>
          <Stack gap="4" maxW="md">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                {snapshot.context.tokenError === 'token_expired'
                  ? t`This sign-in has expired.`
                  : t`There is no sign-in in progress in this browser.`}
              </Alert.Title>
            </Alert.Root>
            <Button asChild colorPalette="blue" alignSelf="flex-start">
              <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
                {t`Sign in again`}
              </RouterLink>
            </Button>
          </Stack>
        </AuthCard>
      );
    case 'editing':
    case 'submitting':
      return (
        <AuthCard title={title}>
          <Text>
            {t`Open the authenticator app on your phone and enter the 6-digit code it shows. Lost the phone? Enter one of your recovery codes instead.`}
          </Text>
          <SecondFactorFormView
            busy={state === 'submitting'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
        </AuthCard>
      );
    default:
      return state satisfies never;
  }
}

function SecondFactorFormView(props: Form.ViewProps<SecondFactorEvent>) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { code: '' },
    schema: SecondFactorForm,
    messages: appCodeMessages,
  });
  return (
    <Form.Root kit={kit} label={t`Enter the code from your app`}>
      <Stack gap="row">
        <Form.TextField
          kit={kit}
          name="code"
          label={t`Code from the app or recovery code`}
          autoComplete="one-time-code"
          maxLength={9}
          autoFocus
          required
        />
        <Form.Submit kit={kit} busyText={t`Checking…`}>
          {t`Sign in`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
