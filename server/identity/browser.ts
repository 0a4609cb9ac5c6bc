import type { Pending } from './signup-flows.ts';

/**
 * What a command needs of the browser that sent the request, and nothing of HTTP: its
 * address, its pending sign-up and its session. The routes make one per request
 * (routes/browser.ts) over the request's cookies.
 */
export interface Browser {
  /** The client's IP address, as the proxy configuration trusts it. */
  readonly ip: string;
  /** The browser's pending sign-up, or refused token_not_found, wrong_token or token_expired. */
  pendingSignup(): Pending;
  /** Hands the browser a new pending sign-up, replacing any it had. */
  keepSignup(pending: Pending): void;
  /** Takes the pending sign-up back from the browser. */
  forgetSignup(): void;
  /**
   * Signs the browser in as the user: a new session in place of any it had, logged with
   * how the user proved who they are ('password', 'code', a provider).
   */
  signIn(userId: number, method: string): Promise<void>;
}
