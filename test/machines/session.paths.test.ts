import { expect } from 'vitest';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { Webgis } from '../../contract/webgis.ts';
import { demoUser } from '../fixtures/users.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const browserTimezone = { ianaName: 'Europe/Moscow', offset: 180 };
const elsewhere = { ...demoUser, timezone: { ianaName: 'America/New_York', offset: -300 } };
const webgis: Webgis = {
  url: 'http://demo-gis.localhost:8080/',
  url_oauth: 'http://demo-gis.localhost:8080/login/oauth/',
  state: 'started',
  state_transition: null,
  plan: 'free',
};

describeMachinePaths(sessionMachine, {
  input: { browserTimezone },
  events: (snapshot) => [
    { type: 'session.refresh' },
    { type: 'session.signOut' },
    { type: 'session.retry' },
    { type: 'session.userChanged', user: { ...elsewhere, first_name: 'Renamed' } },
    { type: 'session.webgisChanged', webgis },
    ...internalEvents(snapshot, {
      fetchUser: { output: [demoUser, elsewhere, null] },
      fetchWebgis: { output: [webgis, null] },
    }),
  ],
  serialize: (snapshot) => ({
    user: snapshot.context.user?.timezone?.ianaName ?? null,
    name: snapshot.context.user?.first_name ?? null,
    webgisUrl: snapshot.context.user?.webgis_url ?? null,
  }),
  states: {
    checking: (snapshot) => expect(snapshot.hasTag('checking')).toBe(true),
    signedOut: (snapshot) => expect(snapshot.context.user).toBeNull(),
    'signedIn.idle': (snapshot) => expect(snapshot.context.user).not.toBeNull(),
    'signedIn.sendingTimezone': (snapshot) =>
      expect(snapshot.context.user?.timezone).not.toEqual(browserTimezone),
    signingOut: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
  },
});
