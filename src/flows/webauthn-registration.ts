// What adding a passkey takes of the WebAuthn library, loaded with the first passkey
// added on the security page; the sign-in part is `webauthn-sign-in.ts` (decision 0036).
export { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
