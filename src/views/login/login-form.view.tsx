import { Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { LoginForm } from '../../../contract/auth.ts';
import type { LoginEvent } from '../../../machines/login.machine.ts';
// The kit on the plain form, without the select and the text area: the first visit loads
// neither TanStack Form nor them (decisions 0009, 0036).
import * as Form from '../../forms/plain-kit.tsx';
import { CurrentPasswordField } from '../../forms/current-password-field.tsx';

export type LoginFormViewProps = Form.ViewProps<LoginEvent>;

export function LoginFormView(props: LoginFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { login: '', password: '' },
    schema: LoginForm,
  });

  return (
    <Form.Root kit={kit} label={t`Sign in`}>
      <Stack gap="row">
        <Form.TextField
          kit={kit}
          name="login"
          label={t`Username or email`}
          type="text"
          // "webauthn": the browser's autofill offers the account's passkeys here too.
          autoComplete="username webauthn"
          autoFocus
          required
        />
        <CurrentPasswordField kit={kit} />
        <Link asChild alignSelf="flex-end" textStyle="caption" colorPalette="blue">
          <RouterLink to="/$locale/password/reset" from="/$locale">
            {t`Forgot password?`}
          </RouterLink>
        </Link>
        <Form.Submit kit={kit} busyText={t`Signing in…`}>
          {t`Sign in`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
