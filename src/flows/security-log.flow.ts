import { fromPromise } from 'xstate';
import { securityLogMachine, type SecurityLogInput } from '../../machines/security-log.machine.ts';
import { fetchSecurityEvents, givenSecurityEvents } from '../api/security.api.ts';

export const liveSecurityLogMachine = securityLogMachine.provide({
  actors: {
    loadEvents: fromPromise(({ signal }) => fetchSecurityEvents(signal)),
  },
});

/** The log's input: the events, if the page brought them. */
export const securityLogInput = (): SecurityLogInput => ({ events: givenSecurityEvents() });
