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
  system: 'Something went wrong. Try again later.',
  user_absent: 'There is no profile with this email',
  wrong_credentials: 'The password is incorrect',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type SimpleError = { code: ErrorCode; detail: string };
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

export function simpleError(status: ContentfulStatusCode, code: keyof typeof DETAILS): HttpError {
  return new HttpError(status, { code, detail: DETAILS[code] });
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
  return c.json(error.body, error.status);
}
