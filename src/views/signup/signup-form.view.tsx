import { Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { SignupValuesSchema, type SignupEvent } from '../../../machines/signup.machine.ts';
import * as Form from '../../forms/kit.tsx';
import { EmailField, NewPasswordField } from '../contact-fields.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';

export type SignupFormViewProps = Form.ViewProps<SignupEvent>;

export function SignupFormView(props: SignupFormViewProps) {
  const { t } = useLingui();
  const kit = Form.useMachineForm(props, {
    defaultValues: { email: '', password: '', agree: false },
    schema: SignupValuesSchema,
  });
  return (
    <Form.Root kit={kit} label={t`Create an account`}>
      <Stack gap="row">
        <EmailField kit={kit} autoFocus required />
        {props.serverErrors['email']?.code === 'user_already_exists' && (
          <Link asChild mt="-2" mb="2" textStyle="caption" colorPalette="blue">
            <RouterLink to="/$locale/login/$step" from="/$locale" params={{ step: '1' }}>
              {t`Sign in with this email`}
            </RouterLink>
          </Link>
        )}
        <NewPasswordField kit={kit} label={t`Password`} />
        <Form.Field kit={kit} name="agree">
          {(field) => (
            <TermsCheckbox
              checked={field.value}
              error={field.error}
              onCheckedChange={field.change}
              onBlur={field.blur}
            />
          )}
        </Form.Field>
        <Form.Submit kit={kit} busyText={t`Creating the account…`}>
          {t`Create an account`}
        </Form.Submit>
      </Stack>
    </Form.Root>
  );
}
