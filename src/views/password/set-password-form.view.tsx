import { Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { SetPasswordForm } from '../../../contract/identity.ts';
import type { SetPasswordEvent } from '../../../machines/set-password.machine.ts';
import {
  FormTextField,
  MachineForm,
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
        <Button type="submit" colorPalette="blue" loading={props.busy} loadingText={t`Saving…`}>
          {t`Save`}
        </Button>
      </Stack>
    </MachineForm>
  );
}
