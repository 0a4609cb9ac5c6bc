import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ErrorCode } from '../../contract/errors.ts';

/** Section 5: the text of each validation rule. */
export const validationMessages = {
  required: msg`This field is required`,
  email: msg`Please enter a valid email address`,
  url: msg`This value must start with "http://" or "https://"`,
  date: msg`Please enter a valid date`,
  number: msg`This field must be a number`,
  creditcard: msg`Please enter a valid card number`,
  sameAs: msg`The values are not the same`,
  username: msg`Enter a valid username. This value may contain only letters, numbers and "-", "_", "." characters.`,
  personName: msg`This value may contain only letters and spaces`,
  domain: msg`Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed`,
  simplePhone: msg`Enter a valid phone. Only digits, plus, hyphen and parentheses are allowed.`,
  phoneNumber: msg`Please enter a valid phone number with an international country code`,
  promocodeEmpty: msg`Please enter your promo code`,
} satisfies Record<string, MessageDescriptor>;
export type ValidationCode = keyof typeof validationMessages;

/** Section 8: the words for every code the server sends. A new code without text fails the type check. */
export const errorMessages: Record<ErrorCode, MessageDescriptor> = {
  bad_request: msg`Entered data is not valid. Please check your input and try again.`,
  invalid_input: msg`Entered data is not valid. Please check your input and try again.`,
  not_authenticated: msg`You need to sign in to continue`,
  permission_denied: msg`You don't have permission to perform this action.`,
  csrf_failed: msg`You don't have permission to perform this action.`,
  not_found: msg`Nothing found`,
  method_not_allowed: msg`An error occurred. Please try again later or with another input.`,
  payload_too_large: msg`Entered data is not valid. Please check your input and try again.`,
  system: msg`Something went wrong. Try again later.`,
  required: msg`This field is required`,
  user_absent: msg`There is no profile with this email`,
  wrong_credentials: msg`The password is incorrect`,
};

export const commonError = msg`An error occurred. Please try again later or with another input.`;

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorMessages, code);
}

/** The words for a server error: ours for a known code, else the server's detail. */
export function errorText(
  translate: (d: MessageDescriptor) => string,
  error: { code: string; detail: string },
): string {
  if (isErrorCode(error.code)) return translate(errorMessages[error.code]);
  return error.detail || translate(commonError);
}
