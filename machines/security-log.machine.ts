import { assign, fromPromise, setup } from 'xstate';
import type { SecurityEvent } from '../contract/identity.ts';
import { withOutput } from './event-params.ts';
import {
  givenAtStart,
  loadState,
  refreshState,
  reloadOn,
  retryState,
  startGiven,
} from './load-parts.ts';

export interface SecurityLogContext {
  events: SecurityEvent[];
}
export interface SecurityLogInput {
  /** The log, when the page brought it: it shows at once. */
  events?: SecurityEvent[];
}
export type SecurityLogEvent = { type: 'events.retry' } | { type: 'events.refresh' };

/**
 * "Recent security activity" on /security: the account's last 100 security events
 * (sign-ins, wrong passwords, password resets, ended sessions, social links, exports),
 * newest first, as the server kept them for 180 days. Read only. A change made elsewhere
 * on the page (`events.refresh`) reads the log again with the last one still shown; one
 * made while the log first loads starts that load over.
 */
export const securityLogMachine = setup({
  types: {
    context: {} as SecurityLogContext,
    events: {} as SecurityLogEvent,
    input: {} as SecurityLogInput,
  },
  actors: {
    loadEvents: fromPromise<SecurityEvent[]>(async () => {
      throw new Error('loadEvents is provided by the app');
    }),
  },
  actions: {
    keepEvents: assign({
      events: (_, params: { events: SecurityEvent[] }) => params.events,
    }),
  },
  guards: { givenAtStart },
}).createMachine({
  id: 'securityLog',
  context: { events: [] },
  initial: 'loading',
  states: {
    loading: {
      ...loadState(
        'loadEvents',
        'The security log loads.',
        withOutput('ready', 'keepEvents', 'events'),
        'loadFailed',
        startGiven('events', 'ready', 'keepEvents'),
      ),
      on: reloadOn('events.refresh'),
    },
    loadFailed: retryState('events.retry', 'The log could not be loaded, with Try again.'),
    ready: {
      description: 'The events, newest first.',
      initial: 'current',
      on: { 'events.refresh': 'refreshing' },
      states: {
        current: { description: 'As last read.' },
        refreshFailed: {
          description: 'The last events stay shown; the refresh failed, with Try again.',
          on: { 'events.retry': '#securityLog.refreshing' },
        },
      },
    },
    refreshing: refreshState(
      'loadEvents',
      'events.refresh',
      'The log is read again after a change; the last one stays shown, busy.',
      withOutput('ready', 'keepEvents', 'events'),
    ),
  },
});
