import { fromPromise } from 'xstate';
import { sessionListMachine, type SessionListInput } from '../../machines/session-list.machine.ts';
import { endOtherSessions, endSession, fetchSessions, givenSessions } from '../api/security.api.ts';

export const liveSessionListMachine = sessionListMachine.provide({
  actors: {
    loadSessions: fromPromise(({ signal }) => fetchSessions(signal)),
    endSession: fromPromise(({ input, signal }) => endSession(input, signal)),
    endOtherSessions: fromPromise(({ signal }) => endOtherSessions(signal)),
  },
});

/** The list's input: the sessions, if the page brought them. */
export const sessionListInput = (): SessionListInput => ({ sessions: givenSessions() });
