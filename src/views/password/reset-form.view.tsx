import { Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { ResetRequestForm } from '../../../contract/identity.ts';
import type { PasswordResetEvent } from '../../../machines/password-reset.machine.ts';
import { MachineForm, useMachineForm, type FormViewProps } from '../../forms/kit.tsx';
import { EmailField } from '../contact-fields.tsx';

export type ResetFormViewProps = FormViewProps<PasswordResetEvent>;

export function ResetFormView(props: ResetFormViewProps) {
  const { t } = useLingui();
  const kit = useMachineForm(props, { defaultValues: { email: '' }, schema: ResetRequestForm });
  return (
    <MachineForm kit={kit} label={t`Password reset`}>
      <Stack gap="row">
        <EmailField kit={kit} autoFocus required />
        <Button type="submit" colorPalette="blue" loading={props.busy} loadingText={t`Sending…`}>
          {t`Send`}
        </Button>
      </Stack>
    </MachineForm>
  );
}
