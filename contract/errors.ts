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
  /** Seconds to wait, on 429 answers (too_many_requests, resend_too_early). */
  retry_after: v.optional(v.number()),
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
  'unsupported_media_type',
  'system',
  'server_busy',
  'required',
  'user_absent',
  'wrong_credentials',
  'too_many_requests',
  /** A sensitive action wants a sign-in within the last 10 minutes (decision 0215). */
  'reauth_required',
  // validation rules of section 5 that the server also checks
  'email',
  'personName',
  'phoneNumber',
  'comment_too_long',
  // sign-up and confirmation (section 8)
  'user_already_exists',
  'invalid_password',
  'common_password',
  'empty_first_name',
  'empty_last_name',
  'country_not_found',
  'token_not_found',
  'wrong_token',
  'token_expired',
  'email_not_confirmed',
  'confirmation_expired',
  'wrong_confirmation_code',
  'max_confirmation_attempts_exceeded',
  'resend_too_early',
  // e-mail change (decision 0217)
  'email_unchanged',
  'token_used',
  'token_superseded',
  /** The authenticator app is on already: turn it off before setting it up again. */
  'two_factor_enabled',
  // social accounts and unsubscribe
  'social_account_taken',
  'last_sign_in_method',
  'social_denied',
  // billing
  'plan_unavailable',
  'invoice_below_minimum',
  'checkout_in_progress',
  'no_autopayment',
  'payment_failed',
  // passkeys (decision 0219)
  'passkey_failed',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
