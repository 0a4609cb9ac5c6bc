import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { Profile } from '../../contract/profile.ts';

/** The session as the shell draws it (its header's end, the sidebar): see SessionView. */
export type HeaderSession =
  | { status: 'checking' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: Profile; signingOut: boolean };

/** What the shell shows of the session: checking, signed out, or the user. */
export function toHeaderSession(snapshot: SnapshotFrom<typeof sessionMachine>): HeaderSession {
  const user = snapshot.context.user;
  if (snapshot.hasTag('checking')) return { status: 'checking' };
  if (!user) return { status: 'signedOut' };
  return { status: 'signedIn', user, signingOut: snapshot.matches('signingOut') };
}

/**
 * Whether the shell would show the same: the session's other changes (its teams, a web
 * GIS address read again unchanged) do not draw the whole shell again, in one
 * synchronous task, as a store's change is drawn (decision 0009).
 */
export function sameHeaderSession(a: HeaderSession, b: HeaderSession): boolean {
  if (a.status !== 'signedIn' || b.status !== 'signedIn') return a.status === b.status;
  return a.user === b.user && a.signingOut === b.signingOut;
}
