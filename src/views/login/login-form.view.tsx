import { chakra, Link, Stack } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useForm } from '../../forms/use-form.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { LoginForm } from '../../../contract/auth.ts';
import type { LoginEvent, LoginField } from '../../../machines/login.machine.ts';
import type { ServerErrors } from '../../../machines/field-errors.ts';
import { TextField } from '../../forms/field.tsx';
import { useFieldError } from '../../forms/use-field-error.ts';
import { touchAndSubmit } from '../../forms/submit.ts';
import { leaveTrimmed } from '../../forms/trim.ts';

export interface LoginFormViewProps {
  busy: boolean;
  serverErrors: ServerErrors;
  send: (event: LoginEvent) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}

const fields: LoginField[] = ['login', 'password'];

export function LoginFormView({ busy, serverErrors, send, formRef }: LoginFormViewProps) {
  const { t } = useLingui();
  const fieldError = useFieldError(serverErrors);
  const form = useForm({
    defaultValues: { login: '', password: '' },
    validators: { onChange: LoginForm },
  });

  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={t`Sign in`}
      onSubmit={(e) => {
        e.preventDefault();
        void touchAndSubmit(form, fields, (values) => send({ type: 'form.submit', values }));
      }}
    >
      <Stack gap="row">
        {fields.map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                name={name}
                label={name === 'login' ? t`Username or email` : t`Password`}
                type={name === 'password' ? 'password' : 'text'}
                autoComplete={name === 'password' ? 'current-password' : 'username'}
                autoFocus={name === 'login'}
                required
                value={field.state.value}
                error={fieldError(field.state.meta, name)}
                onValueChange={(value) => {
                  field.handleChange(value);
                  send({ type: 'field.edit', field: name });
                }}
                onBlur={() => (name === 'login' ? leaveTrimmed(field) : field.handleBlur())}
              />
            )}
          </form.Field>
        ))}
        <Link asChild alignSelf="flex-end" textStyle="caption" colorPalette="blue">
          <RouterLink to="/$locale/password/reset" from="/$locale">
            {t`Forgot password?`}
          </RouterLink>
        </Link>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t`Signing in…`}>
          {t`Sign in`}
        </Button>
      </Stack>
    </chakra.form>
  );
}
