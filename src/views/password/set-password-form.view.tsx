import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SetPasswordForm } from '../../../contract/identity.ts';
import type { SetPasswordEvent } from '../../../machines/set-password.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { passwordRule } from '../../forms/messages.ts';

export type SetPasswordFormViewProps = Form.ViewProps<SetPasswordEvent>;

const PasswordOnly = SetPasswordForm.entries.password;

export function SetPasswordFormView(props: SetPasswordFormViewProps) {
  const { t, i18n } = useLingui();
  const kit = Form.useMachineForm(props, { defaultValues: { password: '' } });
  return (
    <Form.Root kit={kit} label={t`Set a new password`}>
      <Stack gap="row">
        <Form.TextField
          kit={kit}
          name="password"
          validate={PasswordOnly}
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          helperText={i18n._(passwordRule)}
        />
        <Form.Submit kit={kit} busyText={t`Saving…`}>
          {t`Save`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
