import * as v from 'valibot';
import { CountryCode } from './countries.ts';
import { SocialProvider } from './social-providers.ts';

/*
 * Sign-up, e-mail confirmation, password reset, social accounts, profile editing,
 * export, removal and unsubscribe. Auth steps are form-encoded POSTs under
 * /api/auth/ answering AuthResult ({ next }) or the section-8 errors with the
 * form's field names as pointers.
 */

/** Section 5 / decisions: 8 to 128 characters, lower, upper, digit, special. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    /\p{Ll}/u.test(value) &&
    /\p{Lu}/u.test(value) &&
    /\d/.test(value) &&
    /[^\p{L}\d\s]/u.test(value)
  );
}

export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(254, 'maxLength'),
  v.email('email'),
);

/** Letters (any script) and spaces, and the hyphen and apostrophe of real names. */
export const PERSON_NAME = /^[\p{L}][\p{L}\p{M} '\u2019-]*$/u;
export const PersonName = (empty: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(empty),
    v.maxLength(64, 'maxLength'),
    v.regex(PERSON_NAME, 'personName'),
  );

/** POST /api/auth/signup/ — step 0. Answers { next: '/{locale}/signup/1' }. */
export const SignupForm = v.object({
  email: Email,
  password: v.pipe(
    v.string(),
    v.nonEmpty('required'),
    v.check(isStrongPassword, 'invalid_password'),
  ),
  agree: v.pipe(v.string(), v.picklist(['on', 'true'], 'required')),
  next: v.optional(v.string()),
});
export type SignupForm = v.InferInput<typeof SignupForm>;

/** The e-mail code: 6 digits (decisions.md). */
export const CODE_LENGTH = 6;
/** POST /api/auth/signup/confirm/ — the code of /signup/1 and /login/2. */
export const ConfirmForm = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^\d{6}$/, 'wrong_confirmation_code'),
  ),
});
export type ConfirmForm = v.InferInput<typeof ConfirmForm>;

/**
 * GET /api/auth/signup/ — the pending sign-up of this browser (from its signup
 * cookie): the address the code went to and when a new code may be requested.
 * POST /api/auth/signup/resend/ answers the same after sending a new code.
 */
export const PendingSignup = v.object({
  email: v.string(),
  /** ISO time; before it the server refuses a new code (resend_too_early). */
  resend_available_at: v.string(),
  /** ISO time the current code stops working. */
  code_expires_at: v.string(),
  email_confirmed: v.boolean(),
});
export type PendingSignup = v.InferOutput<typeof PendingSignup>;

/** POST /api/auth/signup/details/ — step 2; signs in and answers { next }. */
export const DetailsForm = v.object({
  first_name: PersonName('empty_first_name'),
  last_name: PersonName('empty_last_name'),
  country: v.pipe(v.string(), v.nonEmpty('required'), CountryCode),
});
export type DetailsForm = v.InferInput<typeof DetailsForm>;

/** POST /api/auth/password/reset/ — always { sent: true }: it never tells who has an account. */
export const ResetRequestForm = v.object({ email: Email });
export const ResetRequested = v.object({ sent: v.literal(true) });

/** POST /api/auth/password/set/ — the form of the e-mailed link; answers { next } (sign-in page). */
export const SetPasswordForm = v.object({
  token: v.pipe(v.string(), v.nonEmpty('required')),
  password: v.pipe(
    v.string(),
    v.nonEmpty('required'),
    v.check(isStrongPassword, 'invalid_password'),
  ),
});
export type SetPasswordForm = v.InferInput<typeof SetPasswordForm>;

// The providers live in a module of their own: the sign-in page needs them and nothing
// else of this one.
export { socialProviders, SocialProvider } from './social-providers.ts';

/**
 * GET /api/auth/social/{provider}/start/?intent=login|signup|link&next= redirects to
 * the provider; its callback /api/auth/social/{provider}/callback/ signs in, creates
 * the account, or links it, then redirects to `next` (or /profile).
 */
export const SocialIntent = v.picklist(['login', 'signup', 'link']);

/**
 * A sign-in (intent login) whose identity is new here creates no account: the callback
 * keeps it and redirects to /{locale}/login/1?consent={provider}. POST
 * /api/auth/social/consent/ (form, `agree`) then creates the account and answers
 * AuthResult; DELETE /api/auth/social/consent/ declines (204). Errors: 400
 * token_not_found, wrong_token, token_expired, social_denied, user_already_exists.
 */
export const SocialConsentForm = v.object({
  agree: v.pipe(v.string(), v.picklist(['on', 'true'], 'required')),
});

/** GET /api/v1/profile/social/ */
export const SocialAccount = v.object({
  provider: SocialProvider,
  email: v.string(),
  linked_at: v.string(),
});
export type SocialAccount = v.InferOutput<typeof SocialAccount>;
export const SocialAccountList = v.array(SocialAccount);

/**
 * A signed-in browser of the account, for the security page: its public id (never the
 * token), whether it is the one asking, when it signed in and was last seen, what it is
 * (parsed from its User-Agent; null when it said nothing recognisable) and where it
 * signed in from (the country is a code, null when the proxy does not say).
 */
export const SessionInfo = v.object({
  id: v.string(),
  current: v.boolean(),
  created_at: v.string(),
  last_seen_at: v.string(),
  browser: v.nullable(v.string()),
  os: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  country: v.nullable(v.string()),
});
export type SessionInfo = v.InferOutput<typeof SessionInfo>;
/** The account's sessions, the one asking first, then the most recently seen. */
export const SessionList = v.array(SessionInfo);

/** What the security log records (issue 34): sign-ins and every change to how one signs in. */
export const securityEventKinds = [
  'sign_in',
  'sign_in_failed',
  'password_reset',
  'session_ended',
  'sessions_ended',
  'social_linked',
  'social_unlinked',
  'profile_exported',
  'reauthenticated',
  'reauth_failed',
  'password_changed',
  'email_changed',
  'email_change_undone',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/**
 * One event of the account's security log: what happened, how (the sign-in method or
 * the provider, where it has one), when, and from which browser and place.
 */
export const SecurityEvent = v.object({
  kind: v.picklist(securityEventKinds),
  method: v.nullable(v.string()),
  created_at: v.string(),
  browser: v.nullable(v.string()),
  os: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  country: v.nullable(v.string()),
});
export type SecurityEvent = v.InferOutput<typeof SecurityEvent>;
/**
 * POST /api/v1/session/reauth/ — the password again, for a sensitive action that
 * answered 403 `reauth_required` (decision 0215); 204, or the sign-in's field error.
 */
export const ReauthForm = v.object({
  password: v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(128, 'maxLength')),
});
export type ReauthForm = v.InferInput<typeof ReauthForm>;

/**
 * POST /api/v1/security/password/ — a new password, with the current one (decision
 * 0216); needs a recent sign-in. 204; every other session ends.
 */
export const ChangePasswordForm = v.object({
  current_password: v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(128, 'maxLength')),
  password: v.pipe(
    v.string(),
    v.nonEmpty('required'),
    v.check(isStrongPassword, 'invalid_password'),
  ),
});
export type ChangePasswordForm = v.InferInput<typeof ChangePasswordForm>;

/**
 * POST /api/v1/security/email/ — the new address (decision 0217); needs a recent
 * sign-in. A code goes to the new address; answers the pending change.
 */
export const ChangeEmailForm = v.object({ email: Email });
export type ChangeEmailForm = v.InferInput<typeof ChangeEmailForm>;

/**
 * The pending e-mail change: the new address the code went to, when a new code may be
 * requested and when the current one stops working (ISO times).
 */
export const PendingEmailChange = v.object({
  email: v.string(),
  resend_available_at: v.string(),
  code_expires_at: v.string(),
});
export type PendingEmailChange = v.InferOutput<typeof PendingEmailChange>;

/** The account's address after a confirmed change, or after an undo. */
export const AccountEmail = v.object({ email: v.string() });
export type AccountEmail = v.InferOutput<typeof AccountEmail>;

/** POST /api/auth/email/undo/ — the token of the link mailed to the old address. */
export const UndoEmailChangeForm = v.object({
  token: v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(128, 'maxLength')),
});

/** The account's last events, newest first. */
export const SecurityEventList = v.array(SecurityEvent);

/** Section 3: industries (the 27 values) and occupations. */
export const industries = [
  'agriculture',
  'forestry',
  'environment',
  'architecture',
  'it',
  'retail',
  'watermanagement',
  'hunt',
  'funeral',
  'telecom',
  'realestate',
  'transport',
  'cadastre',
  'utilities',
  'tourism',
  'uav',
  'finances',
  'manufacturing',
  'mining',
  'energy',
  'history',
  'healthcare',
  'emergencies',
  'elections',
  'media',
  'mapping',
  'datascience',
] as const;
export const roles = [
  'student',
  'employee',
  'freelancer',
  'unemployed',
  'selfEmployed',
  'intern',
] as const;

/** Section 5 phoneNumber: an international number, + and 7 to 15 digits; spaces, hyphens, parentheses allowed. */
export function isPhoneNumber(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value.replace(/[\s()-]/g, ''));
}

/** PATCH /api/v1/profile/ — answers the Profile. Empty optional fields are allowed. */
export const ProfileUpdate = v.object({
  first_name: PersonName('empty_first_name'),
  last_name: PersonName('empty_last_name'),
  company: v.pipe(v.string(), v.trim(), v.maxLength(128, 'maxLength')),
  industry: v.union([v.literal(''), v.picklist(industries, 'invalid_input')]),
  role: v.union([v.literal(''), v.picklist(roles, 'invalid_input')]),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.check((p) => p === '' || isPhoneNumber(p), 'phoneNumber'),
  ),
  country: v.pipe(v.string(), v.nonEmpty('required'), CountryCode),
});
export type ProfileUpdate = v.InferInput<typeof ProfileUpdate>;

/**
 * GET /api/v1/unsubscribe/{token}/ — what a signed link unsubscribes from;
 * POST the same address confirms (also the one-click List-Unsubscribe-Post).
 */
export const mailingLists = ['account_notices'] as const;
export const Unsubscription = v.object({
  email: v.string(),
  list: v.picklist(mailingLists),
  subscribed: v.boolean(),
});
export type Unsubscription = v.InferOutput<typeof Unsubscription>;

/** GET /api/v1/security/two-factor/ — whether the authenticator app is on (decision 0218). */
export const TwoFactorStatus = v.object({
  enabled: v.boolean(),
  /** Recovery codes not yet used. */
  recovery_codes_left: v.number(),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatus>;

/**
 * POST /api/v1/security/two-factor/setup/ — a new secret, pending until a first code
 * confirms it: the otpauth URI, the secret in base32 and the URI's QR code as SVG.
 */
export const TwoFactorSetup = v.object({
  uri: v.string(),
  secret: v.string(),
  qr_svg: v.string(),
});
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetup>;

/** Six digits of an authenticator app. */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown (`xxxx-xxxx`), the hyphen and case as typed. */
export const RECOVERY_CODE = /^[a-z0-9]{4}-?[a-z0-9]{4}$/i;

/** POST /api/v1/security/two-factor/confirm/ — the app's first code. */
export const TwoFactorCodeForm = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(TOTP_CODE, 'wrong_confirmation_code'),
  ),
});
export type TwoFactorCodeForm = v.InferInput<typeof TwoFactorCodeForm>;

/** The recovery codes, answered once when made (confirm and regenerate). */
export const RecoveryCodes = v.object({ recovery_codes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodes>;

/** POST /api/auth/login/2fa/ — the sign-in's second step: the app's code or a recovery code. */
export const SecondFactorForm = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.check((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), 'wrong_confirmation_code'),
  ),
});
export type SecondFactorForm = v.InferInput<typeof SecondFactorForm>;
