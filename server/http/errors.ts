import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorItemBody, ErrorListBody } from '../../contract/errors.ts';

/** The section-8 texts; the SPA shows its own words per code, these are for API users. */
export const DETAILS = {
  required: 'This field is required',
  invalid_input: 'Entered data is not valid. Please check your input and try again.',
  not_authenticated: 'You need to sign in to continue',
  permission_denied: "You don't have permission to perform this action.",
  csrf_failed: 'CSRF verification failed. Reload the page and try again.',
  not_found: 'Nothing found',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This address takes another content type.',
  system: 'Something went wrong. Try again later.',
  user_absent: 'There is no profile with this email',
  wrong_credentials: 'The password is incorrect',
  too_many_requests: 'Too many attempts. Try again later.',
  email: 'Please enter a valid email address',
  personName: 'This value may contain only letters and spaces',
  phoneNumber: 'Please enter a valid phone number with an international country code',
  comment_too_long: 'The comment may be at most 2000 characters long',
  user_already_exists: 'A profile with this email already exists',
  invalid_password:
    'The password needs 8 to 128 characters with a lowercase letter, an uppercase letter, a digit and a special character',
  common_password:
    'This password is easy to guess. Add more words or less common characters, and avoid your name and email address',
  empty_first_name: 'Enter your first name',
  empty_last_name: 'Enter your last name',
  country_not_found: 'This country is not in the list. Choose another country',
  token_not_found: 'The sign-up has not been started in this browser. Start again',
  wrong_token: 'The link or sign-up is not valid. Start again',
  token_expired: 'The link or sign-up has expired. Start again',
  email_not_confirmed: 'The email is not confirmed yet. Start again',
  confirmation_expired: 'The code has expired. Request a new code',
  wrong_confirmation_code: 'Invalid verification code',
  max_confirmation_attempts_exceeded: 'Too many wrong codes. Request a new code',
  resend_too_early: 'A new code can be requested a little later',
  social_account_taken: 'This social account is linked to another profile',
  last_sign_in_method:
    'This is your only way to sign in: set a password or link another account first',
  social_denied: 'The sign-in with the social account was cancelled or failed',
  plan_unavailable: 'This plan cannot be ordered this way',
  invoice_below_minimum: 'The order is below the minimum for payment by invoice',
  checkout_in_progress: 'A payment is already in progress. Wait for it to finish',
  no_autopayment: 'There is no autopayment to change',
  payment_failed: 'The payment failed. Try again or contact your payment provider',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type SimpleError = { code: ErrorCode; detail: string; retry_after?: number };
export type FieldError = { code: ErrorCode; detail: string; field: string };

/** Thrown anywhere in a handler; app.onError turns it into its JSON answer. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: SimpleError | ErrorListBody;

  constructor(status: ContentfulStatusCode, body: SimpleError | ErrorListBody) {
    super('code' in body ? body.code : 'field errors');
    this.status = status;
    this.body = body;
  }
}

export type DetailedCode = keyof typeof DETAILS;

export function simpleError(status: ContentfulStatusCode, code: DetailedCode): HttpError {
  return new HttpError(status, { code, detail: DETAILS[code] });
}

/** 429 with the seconds to wait, in the body and in Retry-After. */
export function tooMany(code: DetailedCode, retryAfter: number): HttpError {
  return new HttpError(429, { code, detail: DETAILS[code], retry_after: retryAfter });
}

/** 400 with one item per field; `source.pointer` is the plain form field name. */
export function fieldErrors(errors: FieldError[]): HttpError {
  const items: ErrorItemBody[] = errors.map(({ code, detail, field }) => ({
    code,
    detail,
    source: { pointer: field },
  }));
  return new HttpError(400, { errors: items });
}

export function fieldError(field: string, code: keyof typeof DETAILS): HttpError {
  return fieldErrors([{ field, code, detail: DETAILS[code] }]);
}

export const notAuthenticated = () => simpleError(401, 'not_authenticated');
export const invalidInput = () => simpleError(400, 'invalid_input');

export function errorResponse(c: Context, error: HttpError): Response {
  if ('retry_after' in error.body && error.body.retry_after !== undefined) {
    c.header('Retry-After', String(error.body.retry_after));
  }
  return c.json(error.body, error.status);
}
