import * as v from 'valibot';

/**
 * The section-8 error shape. Field errors come as a list whose items name the form
 * field in `source.pointer`; other failures come as one `{ code, detail }` body.
 */
export const ErrorItemBody = v.object({
  code: v.optional(v.string()),
  detail: v.string(),
  source: v.optional(v.object({ pointer: v.string() })),
});
export type ErrorItemBody = v.InferOutput<typeof ErrorItemBody>;

export const ErrorListBody = v.object({ errors: v.array(ErrorItemBody) });
export type ErrorListBody = v.InferOutput<typeof ErrorListBody>;

export const SimpleErrorBody = v.object({
  code: v.optional(v.string()),
  detail: v.optional(v.string()),
  description: v.optional(v.string()),
});

/** Every code the server sends; the SPA owns the words for each. */
export const errorCodes = [
  'bad_request',
  'invalid_input',
  'not_authenticated',
  'permission_denied',
  'csrf_failed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'system',
  'required',
  'user_absent',
  'wrong_credentials',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
