import { fromPromise } from 'xstate';
import { sessionListMachine } from '../../machines/session-list.machine.ts';
import { endOtherSessions, endSession, fetchSessions } from '../api/security.api.ts';

export const liveSessionListMachine = sessionListMachine.provide({
  actors: {
    loadSessions: fromPromise(({ signal }) => fetchSessions(signal)),
    endSession: fromPromise(({ input, signal }) => endSession(input, signal)),
    endOtherSessions: fromPromise(({ signal }) => endOtherSessions(signal)),
  },
});
