import { Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { ResetRequestForm } from '../../../contract/identity.ts';
import type { PasswordResetEvent } from '../../../machines/password-reset.machine.ts';
import {
  FormTextField,
  MachineForm,
  useMachineForm,
  type FormViewProps,
} from '../../forms/machine-form.tsx';

export type ResetFormViewProps = FormViewProps<PasswordResetEvent>;

export function ResetFormView(props: ResetFormViewProps) {
  const { t } = useLingui();
  const kit = useMachineForm(props, { defaultValues: { email: '' }, schema: ResetRequestForm });
  return (
    <MachineForm kit={kit} label={t`Password reset`}>
      <Stack gap="row">
        <FormTextField
          kit={kit}
          name="email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <Button type="submit" colorPalette="blue" loading={props.busy} loadingText={t`Sending…`}>
          {t`Send`}
        </Button>
      </Stack>
    </MachineForm>
  );
}
