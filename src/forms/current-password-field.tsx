import { useLingui } from '@lingui/react/macro';
import type { TextFieldProps } from './field.tsx';
// The kit's fields without a form engine: the sign-in page, the first visit, uses this
// field on the plain form (decision 0036), the re-auth dialog on TanStack's.
import * as Form from './kit-fields.tsx';

/** The account's password as it is now, to sign in or to confirm who the user is. */
export function CurrentPasswordField({
  kit,
  ...shown
}: { kit: Form.Kit<{ password: string }> } & Pick<TextFieldProps, 'autoFocus'>) {
  const { t } = useLingui();
  return (
    <Form.TextField
      kit={kit}
      name="password"
      label={t`Password`}
      type="password"
      autoComplete="current-password"
      required
      {...shown}
    />
  );
}
