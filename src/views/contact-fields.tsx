import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TextFieldProps } from '../forms/field.tsx';
import * as Form from '../forms/kit.tsx';
import { passwordRule } from '../forms/messages.ts';

/*
 * The fields that ask for the same thing wherever they stand, with the same words and
 * the browser's autofill: the e-mail (password reset, sign-up, consultation, and the new
 * one of an e-mail change), the first and last names (the sign-up's details, the
 * profile), the company and the phone (the profile, and the consultation request, which
 * takes the profile's rules and texts), and a new password (sign-up, setting a new one).
 */

type Shown = Pick<TextFieldProps, 'autoFocus' | 'required'>;

/** What tells the contact fields apart: their words and the browser's autofill. */
interface Contact {
  label: MessageDescriptor;
  type: string;
  autoComplete: string;
  helperText?: MessageDescriptor;
}

const contact: Record<'email' | 'first_name' | 'last_name' | 'company' | 'phone', Contact> = {
  email: { label: msg`Email`, type: 'email', autoComplete: 'email' },
  first_name: { label: msg`First name`, type: 'text', autoComplete: 'given-name' },
  last_name: { label: msg`Last name`, type: 'text', autoComplete: 'family-name' },
  company: { label: msg`Company`, type: 'text', autoComplete: 'organization' },
  phone: {
    label: msg`Phone`,
    type: 'tel',
    autoComplete: 'tel',
    helperText: msg`With the country code, e.g. +7 495 123-45-67`,
  },
};

/** A contact field's props, in the user's language. */
function useContact(name: keyof typeof contact) {
  const { i18n } = useLingui();
  const { label, helperText, ...rest } = contact[name];
  return {
    ...rest,
    label: i18n._(label),
    ...(helperText && { helperText: i18n._(helperText) }),
  };
}

/** An e-mail address; `label` names it where it is not just "Email" (a new one, say). */
export function EmailField({
  kit,
  ...shown
}: { kit: Form.Kit<{ email: string }>; label?: string } & Shown) {
  return <Form.TextField kit={kit} name="email" {...useContact('email')} {...shown} />;
}

export function FirstNameField({
  kit,
  ...shown
}: { kit: Form.Kit<{ first_name: string }> } & Shown) {
  return <Form.TextField kit={kit} name="first_name" {...useContact('first_name')} {...shown} />;
}

export function LastNameField({ kit, ...shown }: { kit: Form.Kit<{ last_name: string }> } & Shown) {
  return <Form.TextField kit={kit} name="last_name" {...useContact('last_name')} {...shown} />;
}

export function CompanyField({ kit }: { kit: Form.Kit<{ company: string }> }) {
  return <Form.TextField kit={kit} name="company" {...useContact('company')} />;
}

export function PhoneField({ kit }: { kit: Form.Kit<{ phone: string }> }) {
  return <Form.TextField kit={kit} name="phone" {...useContact('phone')} />;
}

/** A new password, required, with the password rule under it. */
export function NewPasswordField({
  kit,
  label,
  ...shown
}: {
  kit: Form.Kit<{ password: string }>;
  label: string;
  validate?: Form.TextFieldProps<{ password: string }, 'password'>['validate'];
} & Pick<TextFieldProps, 'autoFocus'>) {
  const { i18n } = useLingui();
  return (
    <Form.TextField
      kit={kit}
      name="password"
      label={label}
      type="password"
      autoComplete="new-password"
      required
      helperText={i18n._(passwordRule)}
      {...shown}
    />
  );
}
