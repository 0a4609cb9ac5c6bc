import type { ErrorCode, ErrorItemBody } from '../contract/errors.ts';

// A refusal is a value: what went wrong, in the product's words, and of which kind.
// Commands and queries throw it without knowing HTTP; server/http/errors.ts turns a
// kind into its status once, in app.onError (docs/decisions/0028).

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
  reauth_required: 'Confirm it is you: enter your password again to continue',
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
  email_unchanged: 'This is the current email of the profile',
  token_used: 'The link has been used already',
  token_superseded: 'An earlier change of the email was undone: this link no longer applies',
  two_factor_enabled: 'The authenticator app is already on',
  social_account_taken: 'This social account is linked to another profile',
  last_sign_in_method:
    'This is your only way to sign in: set a password or link another account first',
  social_denied: 'The sign-in with the social account was cancelled or failed',
  plan_unavailable: 'This plan cannot be ordered this way',
  invoice_below_minimum: 'The order is below the minimum for payment by invoice',
  checkout_in_progress: 'A payment is already in progress. Wait for it to finish',
  no_autopayment: 'There is no autopayment to change',
  payment_failed: 'The payment failed. Try again or contact your payment provider',
  passkey_failed: 'The passkey was not accepted. Try again',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type DetailedCode = keyof typeof DETAILS;

/** What kind of refusal: the HTTP edge maps each to one status. */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'throttled'
  | 'system'
  | 'provider_failed'
  | 'unavailable';

/** One failure as `{ code, detail }`, or a list of them, each at its form field. */
export type Refusal =
  | { kind: RefusalKind; code: ErrorCode; detail: string; retryAfter?: number }
  | { kind: RefusalKind; errors: ErrorItemBody[] };

export type FieldError = { code: ErrorCode; detail: string; field: string };

/**
 * Thrown by a command or query, or by the HTTP edge itself; the answer is made once. A
 * refusal is an answer, not a fault: it carries no stack trace, which nothing reads and
 * which cost a 404's answer a twentieth of its time to capture.
 */
export class Refused extends Error {
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super('code' in refusal ? refusal.code : 'field errors');
    Error.stackTraceLimit = limit;
    this.refusal = refusal;
  }
}

export function refusal(kind: RefusalKind, code: DetailedCode): Refused {
  return new Refused({ kind, code, detail: DETAILS[code] });
}

/** Bad input or a rule of the product said no (a 400). */
export const refused = (code: DetailedCode) => refusal('invalid', code);
export const notFound = () => refusal('not_found', 'not_found');
export const forbidden = (code: 'permission_denied' | 'csrf_failed' | 'reauth_required') =>
  refusal('forbidden', code);
export const notAuthenticated = () => refusal('unauthenticated', 'not_authenticated');
export const invalidInput = () => refused('invalid_input');

/** Too many tries: the seconds to wait go in the body and in Retry-After. */
export function throttled(code: DetailedCode, retryAfter: number): Refused {
  return new Refused({ kind: 'throttled', code, detail: DETAILS[code], retryAfter });
}

/** Bad input, one item per field; `source.pointer` is the plain form field name. */
export function fieldErrors(errors: FieldError[], kind: RefusalKind = 'invalid'): Refused {
  const items: ErrorItemBody[] = errors.map(({ code, detail, field }) => ({
    code,
    detail,
    source: { pointer: field },
  }));
  return new Refused({ kind, errors: items });
}

export function fieldError(field: string, code: DetailedCode): Refused {
  return fieldErrors([{ field, code, detail: DETAILS[code] }]);
}

/**
 * One refusal a domain declares (its `refusals.ts`), named by its tag: its kind, its
 * section-8 code when that is not the tag itself, and the form field it stands at: one
 * (`at: 'code'`), or a choice the throw site makes (`at: ['password', …]`). Without a
 * field the answer is `{ code, detail }`. A `throttled` refusal takes the seconds to
 * wait; an `explained` one takes its words from the throw site (what exactly is wrong).
 */
export type DeclaredRefusal = {
  kind: RefusalKind;
  code?: DetailedCode;
  at?: string | readonly string[];
  explained?: true;
};

/** What a throw site adds to a tag: the field chosen, the seconds to wait, the words. */
type Extra<D> = (D extends { at: readonly (infer F extends string)[] } ? { at: F } : unknown) &
  (D extends { kind: 'throttled' } ? { retryAfter: number } : unknown) &
  (D extends { explained: true } ? { detail: string } : unknown);

/** A domain's refusals as a tagged union, e.g. `{ tag: 'wrong_credentials'; at: 'password' }`. */
export type RefusalOf<T> = { [Tag in keyof T & string]: { tag: Tag } & Extra<T[Tag]> }[keyof T &
  string];

/** A tag with nothing to add is named alone; otherwise its additions follow. */
type ExtraArgs<D> = unknown extends Extra<D> ? [] : [extra: Extra<D>];

/** Builds a `Refused` of one of the domain's declared refusals, and of no other. */
export type Refuser<T> = <Tag extends keyof T & string>(
  tag: Tag,
  ...extra: ExtraArgs<T[Tag]>
) => Refused;

/** A tag that is not a code must name its code. */
type Declarations<T> = {
  [Tag in keyof T]: Tag extends DetailedCode
    ? DeclaredRefusal
    : DeclaredRefusal & { code: DetailedCode };
};

/**
 * A domain's refusals, declared in one table; answers the domain's constructor, so a
 * command can throw only what its domain declares (a typo or another domain's tag fails
 * the type check, and at run time too). The answer's shape is made here, its status in
 * server/http/errors.ts.
 */
export function declareRefusals<const T extends Record<string, DeclaredRefusal>>(
  table: T & Declarations<T>,
): Refuser<T> {
  const declared: Record<string, DeclaredRefusal | undefined> = table;
  return (tag, ...rest) => {
    const refusal = Object.hasOwn(declared, tag) ? declared[tag] : undefined;
    if (!refusal) throw new TypeError(`a refusal its domain does not declare: ${tag}`);
    const [given] = rest as readonly unknown[];
    const extra = (given ?? {}) as { at?: string; retryAfter?: number; detail?: string };
    const fields = refusal.at;
    // What the type check asks of a throw site, asked again should a cast get past it.
    const fits =
      (Array.isArray(fields) ? fields.includes(extra.at) : extra.at === undefined) &&
      (refusal.kind === 'throttled') === (typeof extra.retryAfter === 'number') &&
      (refusal.explained === true) === (typeof extra.detail === 'string');
    if (!fits) throw new TypeError(`not as ${tag} is declared: ${JSON.stringify(extra)}`);
    const code = refusal.code ?? (tag as DetailedCode);
    const detail = extra.detail ?? DETAILS[code];
    const at = typeof fields === 'string' ? fields : extra.at;
    if (at !== undefined) return fieldErrors([{ field: at, code, detail }], refusal.kind);
    const { kind } = refusal;
    const { retryAfter } = extra;
    return new Refused(
      retryAfter === undefined ? { kind, code, detail } : { kind, code, detail, retryAfter },
    );
  };
}
