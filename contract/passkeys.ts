import * as v from 'valibot';

/*
 * Passkeys (WebAuthn, decision 0219). The security page registers, lists, renames and
 * removes them under /api/v1/security/passkeys/; the sign-in page signs in with one
 * under /api/auth/passkey/. The options and credentials are the JSON forms of the Web
 * Authentication API's objects, as @simplewebauthn/browser makes and reads them.
 */

/** What the user calls a passkey: "Laptop", "Phone". */
export const PASSKEY_NAME_MAX = 64;
export const PasskeyName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(PASSKEY_NAME_MAX, 'maxLength'),
);

/** A passkey of the account, as the security page lists it. */
export const Passkey = v.object({
  id: v.string(),
  name: v.string(),
  created_at: v.string(),
  /** Null until it signs in once. */
  last_used_at: v.nullable(v.string()),
  /** Synced by its provider (a multi-device passkey that is backed up). */
  synced: v.boolean(),
});
export type Passkey = v.InferOutput<typeof Passkey>;
/** The account's passkeys, oldest first. */
export const PasskeyList = v.array(Passkey);

const base64url = (max: number) =>
  v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*$/, 'invalid_input'));

/** The browser's options for navigator.credentials.create() or .get(), as JSON. */
export const PasskeyOptions = v.looseObject({ challenge: v.string() });
export type PasskeyOptions = v.InferOutput<typeof PasskeyOptions>;

const Transports = v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(8));

/** What navigator.credentials.create() made, as JSON (RegistrationResponseJSON). */
export const RegistrationCredential = v.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: v.optional(Transports),
  }),
  clientExtensionResults: v.looseObject({}),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
});

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const AuthenticationCredential = v.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    // Up to ML-DSA-87's 4,627 bytes: post-quantum signatures are long.
    signature: base64url(8192),
    userHandle: v.optional(base64url(256)),
  }),
  clientExtensionResults: v.looseObject({}),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
});

/**
 * POST /api/v1/security/passkeys/ — the credential the browser made from the options
 * of POST /api/v1/security/passkeys/options/, with its name. Answers the Passkey (201).
 */
export const AddPasskeyForm = v.object({
  name: PasskeyName,
  credential: RegistrationCredential,
});
export type AddPasskeyForm = v.InferInput<typeof AddPasskeyForm>;

/** PATCH /api/v1/security/passkeys/{id}/ — answers the Passkey. */
export const RenamePasskeyForm = v.object({ name: PasskeyName });
export type RenamePasskeyForm = v.InferInput<typeof RenamePasskeyForm>;

/**
 * POST /api/auth/passkey/ — the assertion made from the options of POST
 * /api/auth/passkey/options/ in this browser; answers AuthResult ({ next }).
 */
export const PasskeySignInForm = v.object({
  credential: AuthenticationCredential,
  next: v.optional(v.string()),
});
export type PasskeySignInForm = v.InferInput<typeof PasskeySignInForm>;

/** POST /api/v1/session/reauth/passkey/: a passkey of the account proves who the user is. */
export const PasskeyReauthForm = v.object({ credential: AuthenticationCredential });
export type PasskeyReauthForm = v.InferInput<typeof PasskeyReauthForm>;
