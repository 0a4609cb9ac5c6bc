import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CODE_LENGTH, ConfirmForm } from '../../../contract/identity.ts';
import type * as form from '../../../machines/form-parts.ts';
import type { CodeValues } from '../../../machines/verification.machine.ts';
import * as Form from '../../forms/kit.tsx';

/** Any machine that takes the code form's events (sign-up's verification, e-mail change). */
export type CodeFormViewProps = Form.ViewProps<form.Events<CodeValues, 'code'>>;

/** The code's digits only, as many as it has. */
const digits = (typed: string) => typed.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** The 6-digit code from the e-mail. */
export function CodeFormView(props: CodeFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, { defaultValues: { code: '' }, schema: ConfirmForm });
  return (
    <Form.Root kit={kit} label={t`Confirm your email`}>
      <Stack gap="row">
        <Form.TextField
          kit={kit}
          name="code"
          label={t`Verification code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          autoFocus
          required
          letterSpacing="0.3em"
          reshape={digits}
          trimOnLeave={false}
        />
        <Form.Submit kit={kit} busyText={t`Checking…`}>
          {t`Confirm`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
