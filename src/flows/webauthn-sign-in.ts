// What a passkey sign-in (or re-auth) takes of the WebAuthn library, loaded as a chunk
// of its own when a passkey is asked for: the first visit's passkey autofill loads this,
// not the registration, which the security page loads (decision 0036).
export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
