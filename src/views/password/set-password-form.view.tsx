import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SetPasswordForm } from '../../../contract/identity.ts';
import type { SetPasswordEvent } from '../../../machines/set-password.machine.ts';
import {
  FormTextField,
  MachineForm,
  SubmitButton,
  useMachineForm,
  type FormViewProps,
} from '../../forms/kit.tsx';
import { passwordRule } from '../../forms/messages.ts';

export type SetPasswordFormViewProps = FormViewProps<SetPasswordEvent>;

const PasswordOnly = SetPasswordForm.entries.password;

export function SetPasswordFormView(props: SetPasswordFormViewProps) {
  const { t, i18n } = useLingui();
  const kit = useMachineForm(props, { defaultValues: { password: '' } });
  return (
    <MachineForm kit={kit} label={t`Set a new password`}>
      <Stack gap="row">
        <FormTextField
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
        <SubmitButton kit={kit} busyText={t`Saving…`}>
          {t`Save`}
        </SubmitButton>
      </Stack>
    </MachineForm>
  );
}
