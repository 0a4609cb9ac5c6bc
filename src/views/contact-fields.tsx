import { useLingui } from '@lingui/react/macro';
import type { TextFieldProps } from '../forms/field.tsx';
import * as Form from '../forms/kit.tsx';

/*
 * The fields that ask for the same thing wherever they stand, with the same words and
 * the browser's autofill: the e-mail (password reset, sign-up, consultation), the
 * company and the phone (the profile, and the consultation request, which takes the
 * profile's rules and texts).
 */

type Shown = Pick<TextFieldProps, 'autoFocus' | 'required'>;

export function EmailField({ kit, ...shown }: { kit: Form.Kit<{ email: string }> } & Shown) {
  const { t } = useLingui();
  return (
    <Form.TextField
      kit={kit}
      name="email"
      label={t`Email`}
      type="email"
      autoComplete="email"
      {...shown}
    />
  );
}

export function CompanyField({ kit }: { kit: Form.Kit<{ company: string }> }) {
  const { t } = useLingui();
  return (
    <Form.TextField
      kit={kit}
      name="company"
      label={t`Company`}
      type="text"
      autoComplete="organization"
    />
  );
}

export function PhoneField({ kit }: { kit: Form.Kit<{ phone: string }> }) {
  const { t } = useLingui();
  return (
    <Form.TextField
      kit={kit}
      name="phone"
      label={t`Phone`}
      type="tel"
      autoComplete="tel"
      helperText={t`With the country code, e.g. +7 495 123-45-67`}
    />
  );
}
