import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ResetRequestForm } from '../../../contract/identity.ts';
import type { PasswordResetEvent } from '../../../machines/password-reset.machine.ts';
import { MachineForm, SubmitButton, useMachineForm, type FormViewProps } from '../../forms/kit.tsx';
import { EmailField } from '../contact-fields.tsx';

export type ResetFormViewProps = FormViewProps<PasswordResetEvent>;

export function ResetFormView(props: ResetFormViewProps) {
  const { t } = useLingui();
  const kit = useMachineForm(props, { defaultValues: { email: '' }, schema: ResetRequestForm });
  return (
    <MachineForm kit={kit} label={t`Password reset`}>
      <Stack gap="row">
        <EmailField kit={kit} autoFocus required />
        <SubmitButton kit={kit} busyText={t`Sending…`}>
          {t`Send`}
        </SubmitButton>
      </Stack>
    </MachineForm>
  );
}
