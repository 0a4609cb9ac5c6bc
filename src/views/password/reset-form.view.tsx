import { chakra, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { ResetRequestForm } from '../../../contract/identity.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { PasswordResetEvent } from '../../../machines/password-reset.machine.ts';
import { TextField } from '../../forms/field.tsx';
import { useFieldError } from '../../forms/use-field-error.ts';
import { touchAndSubmit } from '../../forms/submit.ts';
import { leaveTrimmed } from '../../forms/trim.ts';

export interface ResetFormViewProps {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: PasswordResetEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

export function ResetFormView({ busy, serverErrors, send, formRef }: ResetFormViewProps) {
  const { t } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    defaultValues: { email: '' },
    validators: { onChange: ResetRequestForm },
  });
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Password reset`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, ['email'], (values) => send({ type: 'form.submit', values }));
      }}
    >
      <Stack gap="row">
        <form.Field name="email">
          {(field) => (
            <TextField
              name="email"
              label={t`Email`}
              type="email"
              autoComplete="email"
              autoFocus
              required
              value={field.state.value}
              error={fieldError(field.state.meta, 'email')}
              onValueChange={(value) => {
                field.handleChange(value);
                send({ type: 'field.edit', field: 'email' });
              }}
              onBlur={() => leaveTrimmed(field)}
            />
          )}
        </form.Field>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Sending…`}>
          {t`Send`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
