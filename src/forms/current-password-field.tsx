import { useLingui } from '@lingui/react/macro';
import type { TextFieldProps } from './field.tsx';
// The kit without the select and the text area: the sign-in page, the first visit, uses
// this field (decision 0009).
import * as Form from './kit-core.tsx';

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
