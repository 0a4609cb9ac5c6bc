import { fromPromise } from 'xstate';
import { securityLogMachine } from '../../machines/security-log.machine.ts';
import { fetchSecurityEvents } from '../api/security.api.ts';

export const liveSecurityLogMachine = securityLogMachine.provide({
  actors: {
    loadEvents: fromPromise(({ signal }) => fetchSecurityEvents(signal)),
  },
});
