import { onRefusal, type Refusal } from '../api/client.ts';
import { keepDrafts } from '../forms/drafts.ts';
import type { SessionActor } from './session.flow.ts';

let forbiddenAt: string | null = null;
const forbiddenListeners = new Set<() => void>();

/** The address whose data the server refused (403), or null: the shell shows the 403 page there. */
export function forbiddenAddress(): string | null {
  return forbiddenAt;
}

/** The user went elsewhere: coming back asks the server again. */
export function clearForbidden(): void {
  if (forbiddenAt === null) return;
  forbiddenAt = null;
  for (const listener of forbiddenListeners) listener();
}

export function subscribeForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

/**
 * Access denied (section 6): a page's data (a GET) refused with 403. Not a refused CSRF
 * token (the page is stale, not forbidden), not the user's own profile (section 7: that
 * means signed out), and not an action, whose page words the refusal itself.
 */
export function isAccessDenied(refusal: Refusal): boolean {
  return (
    refusal.status === 403 &&
    refusal.method === 'GET' &&
    refusal.code !== 'csrf_failed' &&
    refusal.useCase !== 'get_user'
  );
}

/**
 * What the whole app does about a refused call: a 401 means the server ended the
 * session (signed out in another tab, expired), so the session machine signs out, the
 * mounted forms keep their unsaved changes (decision 0025) and `onExpired` sends the
 * user to sign in; access denied shows the 403 page at
 * `currentAddress()`.
 */
export function followRefusals(
  session: SessionActor,
  currentAddress: () => string,
  onExpired: () => void,
): () => void {
  const stopRefusals = onRefusal((refusal) => {
    if (refusal.status === 401) session.send({ type: 'session.expired' });
    if (isAccessDenied(refusal)) {
      forbiddenAt = currentAddress();
      for (const listener of forbiddenListeners) listener();
    }
  });
  const expiry = session.on('expired', () => {
    keepDrafts();
    onExpired();
  });
  return () => {
    stopRefusals();
    expiry.unsubscribe();
  };
}
