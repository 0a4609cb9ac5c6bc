import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SetPasswordForm } from '../../../contract/identity.ts';
import type { SetPasswordEvent } from '../../../machines/set-password.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { NewPasswordField } from '../contact-fields.tsx';

export type SetPasswordFormViewProps = Form.ViewProps<SetPasswordEvent>;

const PasswordOnly = SetPasswordForm.entries.password;

export function SetPasswordFormView(props: SetPasswordFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, { defaultValues: { password: '' } });
  return (
    <Form.Root kit={kit} label={t`Set a new password`}>
      <Stack gap="row">
        <NewPasswordField kit={kit} validate={PasswordOnly} label={t`New password`} autoFocus />
        <Form.Submit kit={kit} busyText={t`Saving…`}>
          {t`Save`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
