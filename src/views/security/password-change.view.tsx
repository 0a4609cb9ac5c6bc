import { Alert, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { ChangePasswordForm } from '../../../contract/identity.ts';
import type {
  PasswordChangeEvent,
  passwordChangeMachine,
} from '../../../machines/password-change.machine.ts';
import { TitledSection } from '../../components/titled.tsx';
import * as Form from '../../forms/kit-core.tsx';
import { NewPasswordField } from '../contact-fields.tsx';
import type { MachineViewProps } from '../machine-view.ts';

export interface PasswordChangeViewProps extends MachineViewProps<typeof passwordChangeMachine> {
  formRef?: RefObject<HTMLFormElement | null>;
}

/** "Password" on /security: change it with the current one. */
export function PasswordChangeView({ snapshot, send, formRef }: PasswordChangeViewProps) {
  const { t } = useLingui();
  const state = snapshot.value;
  const title = t`Password`;
  switch (state) {
    case 'editing':
    case 'saving':
    case 'changed':
      return (
        <TitledSection title={title}>
          {state === 'changed' && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>
                {t`Your password was changed. Every other browser was signed out.`}
              </Alert.Title>
            </Alert.Root>
          )}
          <PasswordChangeFormView
            key={snapshot.context.changes}
            busy={state === 'saving'}
            serverErrors={snapshot.context.serverErrors}
            send={send}
            formRef={formRef}
          />
        </TitledSection>
      );
    default:
      return state satisfies never;
  }
}

/** "Password" for an account that signs in only with a linked account: nothing to change. */
export function NoPasswordView() {
  const { t } = useLingui();
  return (
    <TitledSection title={t`Password`}>
      <Text color="fg.muted">
        {t`Your profile has no password: you sign in with a linked account. To set one, use "Forgot password?" on the sign-in page.`}
      </Text>
    </TitledSection>
  );
}

function PasswordChangeFormView(props: Form.ViewProps<PasswordChangeEvent>) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { current_password: '', password: '' },
    schema: ChangePasswordForm,
  });
  return (
    <Form.Root kit={kit} label={t`Change password`}>
      <Stack gap="row" maxW="md">
        <Form.TextField
          kit={kit}
          name="current_password"
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordField kit={kit} label={t`New password`} />
        <Form.Submit kit={kit} busyText={t`Saving…`} alignSelf="flex-start">
          {t`Change password`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
