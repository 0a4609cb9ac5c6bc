import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { HeaderSession } from './header.tsx';

/** What the shell shows of the session: checking, signed out, or the user. */
export function toHeaderSession(snapshot: SnapshotFrom<typeof sessionMachine>): HeaderSession {
  const user = snapshot.context.user;
  if (snapshot.hasTag('checking')) return { status: 'checking' };
  if (!user) return { status: 'signedOut' };
  return { status: 'signedIn', user, signingOut: snapshot.matches('signingOut') };
}
