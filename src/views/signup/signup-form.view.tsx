import { chakra, Link, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import {
  SignupValuesSchema,
  type SignupEvent,
  type SignupField,
} from '../../../machines/signup.machine.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import { TextField } from '../../forms/field.tsx';
import { passwordRule } from '../../forms/messages.ts';
import { useFieldError } from '../../forms/use-field-error.ts';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { touchAndSubmit } from '../../forms/submit.ts';
import { leaveTrimmed } from '../../forms/trim.ts';

export interface SignupFormViewProps {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: SignupEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

const fields: SignupField[] = ['email', 'password', 'agree'];

export function SignupFormView({ busy, serverErrors, send, formRef }: SignupFormViewProps) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    defaultValues: { email: '', password: '', agree: false },
    validators: { onChange: SignupValuesSchema },
  });
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Create an account`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, fields, (values) => send({ type: 'form.submit', values }));
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
        {serverErrors['email']?.code === 'user_already_exists' && (
          <Link asChild mt="-2" mb="2" textStyle="caption" colorPalette="blue">
            <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
              {t`Sign in with this email`}
            </RouterLink>
          </Link>
        )}
        <form.Field name="password">
          {(field) => (
            <TextField
              name="password"
              label={t`Password`}
              type="password"
              autoComplete="new-password"
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
        <form.Field name="agree">
          {(field) => (
            <TermsCheckbox
              checked={field.state.value}
              error={fieldError(field.state.meta, 'agree')}
              onCheckedChange={(checked) => {
                field.handleChange(checked);
                send({ type: 'field.edit', field: 'agree' });
              }}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <Button
          type="submit"
          colorPalette="blue"
          loading={busy}
          loadingText={t`Creating the account…`}
        >
          {t`Create an account`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
