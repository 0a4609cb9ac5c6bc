import { setReauthHandler, type ReauthHandler } from '../api/reauth.ts';

/**
 * The re-auth dialog's host answers the API client's requests to re-authenticate
 * (decision 0215); answers the unregistering. Apart from reauth.flow.ts, so the page's
 * first load carries only this, and the dialog's machine and calls load when asked.
 */
export function answerReauthRequests(handler: ReauthHandler): () => void {
  return setReauthHandler(handler);
}
