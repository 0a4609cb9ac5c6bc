import { chakra, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { CODE_LENGTH, ConfirmForm } from '../../../contract/identity.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { VerificationEvent } from '../../../machines/verification.machine.ts';
import { TextField } from '../../forms/field.tsx';
import { useFieldError } from '../../forms/use-field-error.ts';
import { touchAndSubmit } from '../../forms/submit.ts';

export interface CodeFormViewProps {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: VerificationEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

/** The 6-digit code from the e-mail. */
export function CodeFormView({ busy, serverErrors, send, formRef }: CodeFormViewProps) {
  const { t } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({ defaultValues: { code: '' }, validators: { onChange: ConfirmForm } });
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Confirm your email`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, ['code'], (values) => send({ type: 'form.submit', values }));
      }}
    >
      <Stack gap="row">
        <form.Field name="code">
          {(field) => (
            <TextField
              name="code"
              label={t`Verification code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              autoFocus
              required
              letterSpacing="0.3em"
              value={field.state.value}
              error={fieldError(field.state.meta, 'code')}
              onValueChange={(value) => {
                field.handleChange(value.replace(/\D/g, '').slice(0, CODE_LENGTH));
                send({ type: 'field.edit', field: 'code' });
              }}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Checking…`}>
          {t`Confirm`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
