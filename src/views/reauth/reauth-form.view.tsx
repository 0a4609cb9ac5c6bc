import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ReauthForm } from '../../../contract/identity.ts';
import type { ReauthEvent } from '../../../machines/reauth.machine.ts';
import * as Form from '../../forms/kit-core.tsx';

export type ReauthFormViewProps = Form.ViewProps<ReauthEvent>;

/** The password again, in the re-auth dialog. */
export function ReauthFormView(props: ReauthFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, { defaultValues: { password: '' }, schema: ReauthForm });
  return (
    <Form.Root kit={kit} label={t`Confirm it's you`}>
      <Stack gap="row">
        <Form.TextField
          kit={kit}
          name="password"
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          autoFocus
          required
        />
        <Form.Submit kit={kit} busyText={t`Checking…`}>
          {t`Confirm`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
