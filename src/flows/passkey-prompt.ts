// The WebAuthn library loads only when a passkey is asked for: the sign-in page is the
// first visit, which carries as little as it can (decision 0009). Only its sign-in part:
// the security page loads the registration apart (decision 0036).
export const webauthn = () => import('./webauthn-sign-in.ts');

type Browser = Awaited<ReturnType<typeof webauthn>>;
type RequestOptions = Parameters<Browser['startAuthentication']>[0]['optionsJSON'];

/**
 * The browser's passkey prompt for the server's `options` (with `autofill`, its
 * autofill's offer instead): the assertion to post back. Leaving the state that asked
 * (its signal aborts) cancels the browser's ceremony. A refusal is the browser's error.
 */
export async function promptPasskey(
  browser: Browser,
  options: unknown,
  signal: AbortSignal,
  autofill = false,
) {
  const stop = () => browser.WebAuthnAbortService.cancelCeremony();
  signal.addEventListener('abort', stop);
  try {
    return await browser.startAuthentication({
      optionsJSON: options as RequestOptions,
      useBrowserAutofill: autofill,
    });
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * The passkey autofill's offer by the browser alone, where it reads WebAuthn's JSON itself
 * (WebAuthn Level 3: `parseRequestOptionsFromJSON`, `toJSON`): the sign-in page's first
 * visit then loads no library for it (decision 0039). Null where the browser cannot: the
 * library's way is taken then.
 */
export function nativeAutofill():
  ((options: unknown, signal: AbortSignal) => Promise<unknown>) | null {
  const native = globalThis.PublicKeyCredential as Partial<typeof PublicKeyCredential> | undefined;
  if (typeof native?.parseRequestOptionsFromJSON !== 'function') return null;
  const parse = native.parseRequestOptionsFromJSON.bind(native);
  return async (options, signal) => {
    const credential = await navigator.credentials.get({
      mediation: 'conditional',
      publicKey: parse(options as PublicKeyCredentialRequestOptionsJSON),
      signal,
    });
    if (!(credential instanceof PublicKeyCredential)) throw new Error('No passkey was picked');
    return credential.toJSON();
  };
}
