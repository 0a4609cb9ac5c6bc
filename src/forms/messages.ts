import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ErrorCode } from '../../contract/errors.ts';

/**
 * The password rule (decisions.md: 8 to 128 characters, lower, upper, digit, special):
 * one text, the hint under the field and the error alike, in every language.
 */
export const passwordRule = msg`The password must be 8 to 128 characters long and contain a lowercase letter, an uppercase letter, a digit and a special character.`;

/** Section 5's rule, in section 9's words: letters of any script, spaces, hyphens, apostrophes. */
const personNameRule = msg`This value may contain only letters, spaces, hyphens and apostrophes, and must start with a letter`;

/** Section 5: minLength, with the rule's number. */
export function minLengthMessage(n: number): MessageDescriptor {
  return msg`Must be at least ${n} characters`;
}

/** A length limit, with the rule's number (valibot's requirement). */
export function maxLengthMessage(n: number): MessageDescriptor {
  return msg`Must be at most ${n} characters`;
}

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
  personName: personNameRule,
  domain: msg`Only alphabetic, numeric characters and hyphen are allowed. At least 4 characters are needed`,
  simplePhone: msg`Enter a valid phone. Only digits, plus, hyphen and parentheses are allowed.`,
  phoneNumber: msg`Please enter a valid phone number with an international country code`,
  comment_too_long: msg`The comment may be at most 2000 characters long`,
  promocodeEmpty: msg`Please enter your promo code`,
  country: msg`Please choose a country from the list`,
  invalid_password: passwordRule,
  empty_first_name: msg`Please enter your first name`,
  empty_last_name: msg`Please enter your last name`,
  wrong_confirmation_code: msg`Invalid verification code`,
  invalid_input: msg`Entered data is not valid. Please check your input and try again.`,
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
  unsupported_media_type: msg`Entered data is not valid. Please check your input and try again.`,
  system: msg`Something went wrong. Try again later.`,
  server_busy: msg`Something went wrong. Try again later.`,
  required: msg`This field is required`,
  user_absent: msg`There is no profile with this email`,
  wrong_credentials: msg`The password is incorrect`,
  too_many_requests: msg`Too many attempts. Please wait a few minutes and try again.`,
  reauth_required: msg`For your security, confirm it is you: enter your password again.`,
  email: msg`Please enter a valid email address`,
  personName: personNameRule,
  phoneNumber: msg`Please enter a valid phone number with an international country code`,
  comment_too_long: msg`The comment may be at most 2000 characters long`,
  user_already_exists: msg`A profile with this email already exists.`,
  invalid_password: passwordRule,
  common_password: msg`This password is easy to guess. Add more words or less common characters, and avoid your name and email address.`,
  empty_first_name: msg`Please enter your first name`,
  empty_last_name: msg`Please enter your last name`,
  country_not_found: msg`This country is not available. Please choose another country.`,
  token_not_found: msg`Your sign-up session was not found. Please start the sign-up again.`,
  wrong_token: msg`Your sign-up link is not valid. Please start the sign-up again.`,
  token_expired: msg`Your sign-up session has expired. Please start the sign-up again.`,
  email_not_confirmed: msg`Your email is not confirmed yet. Please start the sign-up again.`,
  confirmation_expired: msg`The verification code has expired. Please request a new code.`,
  wrong_confirmation_code: msg`Invalid verification code`,
  max_confirmation_attempts_exceeded: msg`Too many wrong codes. Please request a new code.`,
  resend_too_early: msg`A new code can be requested a little later.`,
  email_unchanged: msg`This is already the email of your profile.`,
  token_used: msg`This link has been used already.`,
  token_superseded: msg`An earlier email change was undone, so this link no longer applies.`,
  two_factor_enabled: msg`The authenticator app is already on.`,
  social_account_taken: msg`This account of the provider is already linked to another profile.`,
  last_sign_in_method: msg`This is your only way to sign in. Link another account or set a password first.`,
  social_denied: msg`Sign-in with the provider was cancelled.`,
  plan_unavailable: msg`This plan cannot be chosen now.`,
  invoice_below_minimum: msg`This order is below the minimum for payment by invoice. Choose a larger plan or pay by card.`,
  checkout_in_progress: msg`A payment is already in progress. Please wait for it to finish.`,
  no_autopayment: msg`There is no subscription payment to change.`,
  payment_failed: msg`The payment did not go through. Please try again or contact your payment provider.`,
  passkey_failed: msg`The passkey was not accepted. Please try again.`,
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
