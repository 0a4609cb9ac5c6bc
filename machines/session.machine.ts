import { assign, emit, fromPromise, setup } from 'xstate';
import type { Profile, Timezone } from '../contract/profile.ts';
import type { Team } from '../contract/teams.ts';
import type { Webgis } from '../contract/webgis.ts';
import { memberTeamsOf } from './member-teams.ts';
import { fromError, fromOutput, ifOutput } from './event-params.ts';
import { retryState } from './load-parts.ts';

export interface SessionInput {
  /** The browser's zone and offset (minutes east of UTC), read by the app. */
  browserTimezone: Timezone;
}
export interface SessionContext extends SessionInput {
  user: Profile | null;
  /** The non-owned active teams, loaded on login (section 4); null until they are. */
  memberTeams: Team[] | null;
  /** Section 3's team-plan flag: the user belongs to a non-owned active team. */
  teamPlan: boolean;
}
export type SessionEvent =
  | { type: 'session.refresh' }
  | { type: 'session.signOut' }
  | { type: 'session.retry' }
  | { type: 'session.userChanged'; user: Profile }
  | { type: 'session.webgisChanged'; webgis: Webgis | null }
  // A call answered 401: the server ended the session (signed out elsewhere, expired).
  | { type: 'session.expired' };

/**
 * The session: reads the user at start (401/403 mean signed out), sends the browser's
 * timezone when the stored one differs, fetches the web GIS (section 4: on login; the
 * header and sidebar follow its address) and the non-owned teams (keeping the team-plan
 * flag), and signs out. `session.refresh` re-reads the user after a sign-in;
 * `session.userChanged` takes a profile the page just saved, and `session.webgisChanged`
 * a web GIS the page just created.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as { type: 'expired' },
  },
  actors: {
    fetchUser: fromPromise<Profile | null>(async () => {
      throw new Error('fetchUser is provided by the app');
    }),
    sendTimezone: fromPromise<void, Timezone>(async () => {
      throw new Error('sendTimezone is provided by the app');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut is provided by the app');
    }),
    fetchWebgis: fromPromise<Webgis | null, { hasWebgis: boolean }>(async () => {
      throw new Error('fetchWebgis is provided by the app');
    }),
    fetchMemberTeams: fromPromise<Team[]>(async () => {
      throw new Error('fetchMemberTeams is provided by the app');
    }),
  },
  actions: {
    keepUser: assign({
      user: (_, params: { user: Profile | null }) => params.user,
      memberTeams: null,
      teamPlan: false,
    }),
    forgetUser: assign({ user: null, memberTeams: null, teamPlan: false }),
    replaceUser: assign({ user: (_, params: { user: Profile }) => params.user }),
    keepTimezone: assign({
      user: ({ context }) => context.user && { ...context.user, timezone: context.browserTimezone },
    }),
    // The app sends the user to sign in, keeping the page in `next`.
    announceExpiry: emit({ type: 'expired' }),
    // Section 8: the app reports what went wrong (a 404 was no error: no web GIS yet).
    reportWebgisError: (_, _params: { error: unknown }) => {},
    // Section 8: the app reports it; the flag stays as it was.
    reportTeamsError: (_, _params: { error: unknown }) => {},
    keepMemberTeams: assign((_, params: { teams: Team[] }) => {
      const memberTeams = memberTeamsOf(params.teams);
      return { memberTeams, teamPlan: memberTeams.length > 0 };
    }),
    // The same user where the address is unchanged: the shell draws again only on a change.
    keepWebgisUrl: assign({
      user: ({ context }, params: { webgis: Webgis | null }) => {
        const url = params.webgis?.url ?? null;
        if (!context.user || context.user.webgis_url === url) return context.user;
        return { ...context.user, webgis_url: url };
      },
    }),
  },
  guards: {
    hasUser: (_, params: { user: Profile | null }) => params.user !== null,
    timezoneDiffers: ({ context }) =>
      context.user?.timezone?.ianaName !== context.browserTimezone.ianaName ||
      context.user?.timezone?.offset !== context.browserTimezone.offset,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, user: null, memberTeams: null, teamPlan: false }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Reads the user (a 401 or 403 means not authenticated).',
      tags: ['checking'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          ifOutput('hasUser', 'user', 'signedIn', 'keepUser'),
          {
            target: 'signedOut',
            actions: 'forgetUser',
          },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: retryState(
      'session.retry',
      'The user could not be read, with Try again.',
      'checking',
    ),
    signedIn: {
      description:
        'Signed in: the user menu, the plan label — the web GIS and non-owned teams are read.',
      initial: 'checkingTimezone',
      invoke: [
        {
          id: 'fetchWebgis',
          src: 'fetchWebgis',
          // The profile names the address when there is a web GIS: without one, the
          // answer (404) is known and not asked for.
          input: ({ context }) => ({ hasWebgis: Boolean(context.user?.webgis_url) }),
          onDone: {
            actions: { type: 'keepWebgisUrl', params: fromOutput('webgis') },
          },
          // The address the profile gave stays.
          onError: {
            actions: { type: 'reportWebgisError', params: fromError },
          },
        },
        {
          // Section 4: on login the non-owned teams are loaded.
          id: 'fetchMemberTeams',
          src: 'fetchMemberTeams',
          onDone: {
            actions: { type: 'keepMemberTeams', params: fromOutput('teams') },
          },
          onError: {
            actions: { type: 'reportTeamsError', params: fromError },
          },
        },
      ],
      on: {
        'session.signOut': 'signingOut',
        'session.refresh': 'checking',
        'session.expired': {
          target: 'signedOut',
          actions: ['forgetUser', 'announceExpiry'],
        },
        // The profile page saved new data: show it without reading it again.
        'session.userChanged': {
          actions: { type: 'replaceUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.webgisChanged': {
          actions: { type: 'keepWebgisUrl', params: ({ event }) => ({ webgis: event.webgis }) },
        },
      },
      states: {
        checkingTimezone: {
          description: 'If the stored timezone differs from the browser offset, it is sent.',
          always: [{ guard: 'timezoneDiffers', target: 'sendingTimezone' }, { target: 'idle' }],
        },
        sendingTimezone: {
          description: "Sends the browser's timezone.",
          invoke: {
            id: 'sendTimezone',
            src: 'sendTimezone',
            input: ({ context }) => context.browserTimezone,
            onDone: {
              target: 'idle',
              actions: 'keepTimezone',
            },
            // The zone is sent again at the next sign-in; nothing to tell the user.
            onError: 'idle',
          },
        },
        idle: { description: 'Nothing to do.' },
      },
    },
    signingOut: {
      description: 'Signs out (/logout, /silent_logout).',
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: 'forgetUser',
        },
        // Still signed in on the server: stay, the user may try again.
        onError: 'signedIn',
      },
    },
    signedOut: {
      description: 'Not signed in: a Sign in button carrying next.',
      on: { 'session.refresh': 'checking' },
    },
  },
});
