import { assign, emit, fromPromise, setup } from 'xstate';
import type { SessionInfo } from '../contract/identity.ts';
import { errorCode } from './error-code.ts';
import { fromError, withError, withOutput } from './event-params.ts';
import { loadState, retryState } from './load-parts.ts';

export interface SessionListContext {
  sessions: SessionInfo[];
  /** The session being ended, 'others' while every other one ends, else null. */
  ending: string | null;
  /** Why the last end was refused (an error code), shown under the list. */
  error: string | null;
}
export type SessionListEvent =
  { type: 'session.end'; id: string } | { type: 'sessions.endOthers' } | { type: 'sessions.retry' };

/**
 * "Where you're signed in" on /security: the account's browsers, this one first, each
 * other with Sign out, and Sign out of all other sessions. An ended browser's next
 * request is signed out. A session the server no longer knows (it expired, or was ended
 * from another browser meanwhile) leaves the list as if this end had ended it.
 */
export const sessionListMachine = setup({
  types: {
    context: {} as SessionListContext,
    events: {} as SessionListEvent,
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
    keepError: assign({
      ending: null,
      error: (_, params: { error: unknown }) => errorCode(params.error),
    }),
  },
  guards: {
    hasOtherSessions: ({ context }) => context.sessions.some((s) => !s.current),
    isListedOther: ({ context }, params: { id: string }) =>
      context.sessions.some((s) => s.id === params.id && !s.current),
    alreadyGone: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
  },
}).createMachine({
  id: 'sessionList',
  context: { sessions: [], ending: null, error: null },
  initial: 'loading',
  states: {
    loading: loadState(
      'loadSessions',
      "The account's sessions load.",
      withOutput('ready', 'keepSessions', 'sessions'),
      'loadFailed',
    ),
    loadFailed: retryState('sessions.retry', 'The sessions could not be loaded, with Try again.'),
    ready: {
      description: 'This browser first, each other with Sign out; Sign out everywhere else.',
      on: {
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
    ending: {
      description: 'Ends one other session.',
      tags: ['busy'],
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
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: { target: 'ready', actions: ['dropEnded', 'tellEnded'] },
        onError: withError('ready', 'keepError'),
      },
    },
  },
});
