import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ReauthForm } from '../../../contract/identity.ts';
import type { ReauthEvent } from '../../../machines/reauth.machine.ts';
import * as Form from '../../forms/kit-core.tsx';
import { CurrentPasswordField } from '../../forms/current-password-field.tsx';

export type ReauthFormViewProps = Form.ViewProps<ReauthEvent>;

/** The password again, in the re-auth dialog. */
export function ReauthFormView(props: ReauthFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, { defaultValues: { password: '' }, schema: ReauthForm });
  return (
    <Form.Root kit={kit} label={t`Confirm it's you`}>
      <Stack gap="row">
        <CurrentPasswordField kit={kit} autoFocus />
        <Form.Submit kit={kit} busyText={t`Checking…`}>
          {t`Confirm`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
