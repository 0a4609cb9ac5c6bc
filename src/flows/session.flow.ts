import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { fetchProfile, sendTimezone } from '../api/session.api.ts';
import { signOut } from '../api/auth.api.ts';
import { sessionMayExist } from '../api/client.ts';
import { dispatchErrors, ApiError } from '../api/errors.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { inspect } from './inspect.ts';
import type { Timezone } from '../../contract/profile.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Temporal where the browser has it: `Temporal.Now.timeZoneId()`. */
interface TemporalNow {
  Temporal?: { Now: { timeZoneId(): string } };
}

/**
 * The browser's zone, and its offset in minutes east of UTC. Temporal tells the zone at
 * once. The first `Intl.DateTimeFormat` of a page builds a whole formatter for the
 * browser's language, the largest single piece of the sign-in page's start on a slow
 * CPU: only browsers without Temporal take that way (decision 0009).
 */
export function browserTimezone(
  now: Date = new Date(),
  temporal: TemporalNow['Temporal'] | null = (globalThis as TemporalNow).Temporal,
): Timezone {
  return {
    ianaName: temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    offset: -now.getTimezoneOffset(),
  };
}

function report(error: unknown): never {
  if (error instanceof ApiError) dispatchErrors(error.items);
  throw error;
}

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    // Without the server's hint cookie this browser has no session: no call, no 401.
    fetchUser: fromPromise(({ signal }) =>
      sessionMayExist() ? fetchProfile(signal).catch(report) : Promise.resolve(null),
    ),
    sendTimezone: fromPromise(({ input, signal }) => sendTimezone(input, signal)),
    signOut: fromPromise(({ signal }) => signOut(signal).catch(report)),
    // Section 7: get_webgis, a 404 (no web GIS yet) passed over silently; not asked when
    // the profile already said there is none.
    // Both after sign-in only: a visitor's first page does not load these calls.
    fetchWebgis: fromPromise(async ({ input, signal }) =>
      input.hasWebgis
        ? (await import('../api/webgis.api.ts')).fetchMyWebgis('get_webgis', signal)
        : null,
    ),
    // Section 4: the non-owned teams, for the team-plan flag.
    fetchMemberTeams: fromPromise(async ({ signal }) =>
      (await import('../api/teams.api.ts')).fetchMemberTeams(signal),
    ),
  },
  actions: {
    reportWebgisError: (_, { error }) => {
      if (error instanceof ApiError) dispatchErrors(error.items);
    },
    reportTeamsError: (_, { error }) => {
      if (error instanceof ApiError) dispatchErrors(error.items);
    },
  },
});

export function startSession(): SessionActor {
  return createActor(liveSessionMachine, {
    input: { browserTimezone: browserTimezone() },
    inspect,
  }).start();
}
