import { assign, emit, fromPromise, setup } from 'xstate';
import type { SessionInfo } from '../contract/identity.ts';
import { errorCode } from './error-code.ts';
import { fromError, withError, withOutput } from './event-params.ts';
import {
  givenAtStart,
  loadState,
  refreshState,
  reloadOn,
  retryState,
  startGiven,
} from './load-parts.ts';

export interface SessionListContext {
  sessions: SessionInfo[];
  /** The session being ended, 'others' while every other one ends, else null. */
  ending: string | null;
  /** Why the last end was refused (an error code), shown under the list. */
  error: string | null;
  /** A change elsewhere asked for a refresh while a session was ending: read after it. */
  refreshDue: boolean;
}
export interface SessionListInput {
  /** The sessions, when the page brought them: the list shows at once. */
  sessions?: SessionInfo[];
}
export type SessionListEvent =
  | { type: 'session.end'; id: string }
  | { type: 'sessions.endOthers' }
  | { type: 'sessions.retry' }
  | { type: 'sessions.refresh' };

/**
 * "Where you're signed in" on /security: the account's browsers, this one first, each
 * other with Sign out, and Sign out of all other sessions. An ended browser's next
 * request is signed out. A session the server no longer knows (it expired, or was ended
 * from another browser meanwhile) leaves the list as if this end had ended it. A change
 * made elsewhere on the page (`sessions.refresh`: a password change ended the others)
 * reads the list again with the last one still shown; one asked for while a session
 * ends is read once that end is over, and one while the list first loads starts that
 * load over.
 */
export const sessionListMachine = setup({
  types: {
    context: {} as SessionListContext,
    events: {} as SessionListEvent,
    input: {} as SessionListInput,
    /** Told to whoever listens (the security log) when a session ended here. */
    emitted: {} as { type: 'sessions.ended' },
  },
  actors: {
    loadSessions: fromPromise<SessionInfo[]>(async () => {
      throw new Error('loadSessions is provided by the app');
    }),
    endSession: fromPromise<void, string>(async () => {
      throw new Error('endSession is provided by the app');
    }),
    endOtherSessions: fromPromise<void>(async () => {
      throw new Error('endOtherSessions is provided by the app');
    }),
  },
  actions: {
    keepSessions: assign({
      sessions: (_, params: { sessions: SessionInfo[] }) => params.sessions,
    }),
    chooseSession: assign({
      ending: (_, params: { id: string }) => params.id,
      error: null,
    }),
    chooseOthers: assign({ ending: 'others', error: null }),
    dropEnded: assign({
      sessions: ({ context }) =>
        context.sessions.filter((s) =>
          context.ending === 'others' ? s.current : s.id !== context.ending,
        ),
      ending: null,
    }),
    tellEnded: emit({ type: 'sessions.ended' as const }),
    noteRefreshDue: assign({ refreshDue: true }),
    clearRefreshDue: assign({ refreshDue: false }),
    keepError: assign({
      ending: null,
      error: (_, params: { error: unknown }) => errorCode(params.error),
    }),
  },
  guards: {
    givenAtStart,
    hasOtherSessions: ({ context }) => context.sessions.some((s) => !s.current),
    isListedOther: ({ context }, params: { id: string }) =>
      context.sessions.some((s) => s.id === params.id && !s.current),
    alreadyGone: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
    refreshDue: ({ context }) => context.refreshDue,
  },
}).createMachine({
  id: 'sessionList',
  context: { sessions: [], ending: null, error: null, refreshDue: false },
  initial: 'loading',
  states: {
    loading: {
      ...loadState(
        'loadSessions',
        "The account's sessions load.",
        withOutput('ready', 'keepSessions', 'sessions'),
        'loadFailed',
        startGiven('sessions', 'ready', 'keepSessions'),
      ),
      on: reloadOn('sessions.refresh'),
    },
    loadFailed: retryState('sessions.retry', 'The sessions could not be loaded, with Try again.'),
    ready: {
      description: 'This browser first, each other with Sign out; Sign out everywhere else.',
      initial: 'current',
      always: { guard: 'refreshDue', target: 'refreshing', actions: 'clearRefreshDue' },
      states: {
        current: { description: 'As last read.' },
        refreshFailed: {
          description: 'The last list stays shown; the refresh failed, with Try again.',
          on: { 'sessions.retry': '#sessionList.refreshing' },
        },
      },
      on: {
        'sessions.refresh': 'refreshing',
        'session.end': {
          guard: { type: 'isListedOther', params: ({ event }) => ({ id: event.id }) },
          target: 'ending',
          actions: { type: 'chooseSession', params: ({ event }) => ({ id: event.id }) },
        },
        'sessions.endOthers': {
          guard: 'hasOtherSessions',
          target: 'endingOthers',
          actions: 'chooseOthers',
        },
      },
    },
    refreshing: refreshState(
      'loadSessions',
      'sessions.refresh',
      'The list is read again after a change; the last one stays shown, busy.',
      withOutput('ready', 'keepSessions', 'sessions'),
    ),
    ending: {
      description: 'Ends one other session.',
      tags: ['busy'],
      on: { 'sessions.refresh': { actions: 'noteRefreshDue' } },
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => context.ending ?? '',
        onDone: { target: 'ready', actions: ['dropEnded', 'tellEnded'] },
        onError: [
          {
            guard: { type: 'alreadyGone', params: fromError },
            target: 'ready',
            actions: ['dropEnded', 'tellEnded'],
          },
          withError('ready', 'keepError'),
        ],
      },
    },
    endingOthers: {
      description: 'Ends every session but this one.',
      tags: ['busy'],
      on: { 'sessions.refresh': { actions: 'noteRefreshDue' } },
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: { target: 'ready', actions: ['dropEnded', 'tellEnded'] },
        onError: withError('ready', 'keepError'),
      },
    },
  },
});
