/**
 * The app's one re-authentication (decision 0215): a sensitive call the server refused
 * with 403 `reauth_required` asks whoever registered here (the re-auth dialog) to have
 * the user prove who they are, and is retried once if they did. Kept apart from the
 * calls themselves, so the client holds no view and the dialog loads when first asked.
 */

/** Asks the user to prove who they are; answers whether they did. */
export type ReauthHandler = () => Promise<boolean>;

let handler: ReauthHandler | null = null;
let asking: Promise<boolean> | null = null;

/** The dialog registers itself; answers the unregistering. */
export function setReauthHandler(next: ReauthHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/**
 * Asks for a re-authentication: false at once when nothing can ask (no dialog mounted).
 * Calls refused together share one question.
 */
export function askReauth(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  asking ??= handler().finally(() => {
    asking = null;
  });
  return asking;
}
