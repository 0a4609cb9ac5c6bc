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

export function ResetFormView({ busy, serverErrors, send, formRef }: ResetFormViewProps) {
  const { t } = useLingui();
  const kit = useMachineForm({
    defaultValues: { email: '' },
    schema: ResetRequestForm,
    serverErrors,
    send,
  });
  return (
    <MachineForm
      kit={kit}
      label={t`Password reset`}
      formRef={formRef}
      onSubmit={(values) => send({ type: 'form.submit', values })}
    >
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
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Sending…`}>
          {t`Send`}
        </Button>
      </Stack>
    </MachineForm>
  );
}
