import { declareRefusals, type DeclaredRefusal, type RefusalOf } from '../errors.ts';

/*
 * Every refusal identity gives: sign-up, sign-in, the session, passwords, the e-mail
 * change, social accounts, the authenticator app, passkeys, the throttle (decision
 * 0028). A tag is its section-8 code unless it names another; `at` is the form field
 * it stands at, or the fields its throw sites choose from. The words are in
 * server/errors.ts (DETAILS), the statuses in server/http/errors.ts.
 */
const IDENTITY = {
  // the session and the request
  not_authenticated: { kind: 'unauthenticated' },
  reauth_required: { kind: 'forbidden' },
  csrf_failed: { kind: 'forbidden' },
  not_found: { kind: 'not_found' },
  invalid_input: { kind: 'invalid' },
  too_many_requests: { kind: 'throttled' },
  resend_too_early: { kind: 'throttled' },
  // sign-in, passwords and re-authentication
  user_absent: { kind: 'invalid', at: 'login' },
  wrong_credentials: { kind: 'invalid', at: ['password', 'current_password'] },
  common_password: { kind: 'invalid', at: 'password' },
  // sign-up, profile details and the e-mail change
  /** The address has a confirmed profile: at the form's field… */
  address_taken: { kind: 'invalid', code: 'user_already_exists', at: ['email', 'code'] },
  /** …or with no form (an undo link, a social sign-up). */
  user_already_exists: { kind: 'invalid' },
  email_unchanged: { kind: 'invalid', at: 'email' },
  country_not_found: { kind: 'invalid', at: 'country' },
  email_not_confirmed: { kind: 'invalid' },
  // links, the sign-up flow and mailed codes
  wrong_token: { kind: 'invalid' },
  token_expired: { kind: 'invalid' },
  token_used: { kind: 'invalid' },
  token_superseded: { kind: 'invalid' },
  /** No e-mail change is pending to send a code for. */
  token_not_found: { kind: 'invalid', at: 'code' },
  wrong_confirmation_code: { kind: 'invalid', at: 'code' },
  confirmation_expired: { kind: 'invalid', at: 'code' },
  max_confirmation_attempts_exceeded: { kind: 'invalid', at: 'code' },
  // second factors and sign-in methods
  two_factor_enabled: { kind: 'conflict' },
  passkey_failed: { kind: 'invalid' },
  last_sign_in_method: { kind: 'invalid' },
  social_account_taken: { kind: 'invalid' },
  social_denied: { kind: 'invalid' },
} as const satisfies Record<string, DeclaredRefusal>;

/** Identity's refusals as a tagged union, e.g. `{ tag: 'common_password' }`. */
export type IdentityRefusal = RefusalOf<typeof IDENTITY>;

/**
 * The one way identity refuses: `throw identityRefused('wrong_token')`,
 * `identityRefused('wrong_credentials', { at: 'password' })`,
 * `identityRefused('too_many_requests', { retryAfter: 30 })`.
 */
export const identityRefused = declareRefusals(IDENTITY);
