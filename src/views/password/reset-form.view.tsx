import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ResetRequestForm } from '../../../contract/identity.ts';
import type { PasswordResetEvent } from '../../../machines/password-reset.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { EmailField } from '../contact-fields.tsx';

export type ResetFormViewProps = Form.ViewProps<PasswordResetEvent>;

export function ResetFormView(props: ResetFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { email: '' },
    schema: ResetRequestForm,
  });
  return (
    <Form.Root kit={kit} label={t`Password reset`}>
      <Stack gap="row">
        <EmailField kit={kit} autoFocus required />
        <Form.Submit kit={kit} busyText={t`Sending…`}>
          {t`Send`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
