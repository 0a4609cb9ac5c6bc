import { chakra, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { SetPasswordForm } from '../../../contract/identity.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import type { SetPasswordEvent } from '../../../machines/set-password.machine.ts';
import { TextField } from '../../forms/field.tsx';
import { passwordRule } from '../../forms/messages.ts';
import { useFieldError } from '../../forms/use-field-error.ts';
import { touchAndSubmit } from '../../forms/submit.ts';

export interface SetPasswordFormViewProps {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: SetPasswordEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

const PasswordOnly = SetPasswordForm.entries.password;

export function SetPasswordFormView({
  busy,
  serverErrors,
  send,
  formRef,
}: SetPasswordFormViewProps) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({ defaultValues: { password: '' } });
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Set a new password`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, ['password'], (values) => send({ type: 'form.submit', values }));
      }}
    >
      <Stack gap="row">
        <form.Field name="password" validators={{ onChange: PasswordOnly }}>
          {(field) => (
            <TextField
              name="password"
              label={t`New password`}
              type="password"
              autoComplete="new-password"
              autoFocus
              required
              helperText={i18n._(passwordRule)}
              value={field.state.value}
              error={fieldError(field.state.meta, 'password')}
              onValueChange={(value) => {
                field.handleChange(value);
                send({ type: 'field.edit', field: 'password' });
              }}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Saving…`}>
          {t`Save`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
