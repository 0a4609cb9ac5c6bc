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
