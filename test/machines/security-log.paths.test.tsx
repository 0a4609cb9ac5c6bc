import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { SecurityEvent } from '../../contract/identity.ts';
import { securityLogMachine } from '../../machines/security-log.machine.ts';
import { SecurityLogView } from '../../src/views/security/security-log.view.tsx';
import { describeMachinePaths, internalEvents } from './path-harness.ts';
import { englishView } from './path-view.tsx';
import { listLoad, listRefresh } from './load-paths.ts';

type Seen = Pick<SecurityEvent, 'browser' | 'os' | 'ip' | 'country'>;
const laptop: Seen = { browser: 'Chrome 131', os: 'Linux', ip: '203.0.113.7', country: 'DE' };
const unknown: Seen = { browser: null, os: null, ip: null, country: null };
const event = (kind: SecurityEvent['kind'], method: string | null, day: number, seen = laptop) => ({
  kind,
  method,
  created_at: `2026-11-${day}T10:00:00Z`,
  ...seen,
});
/** Every kind of event, newest first, and what the page says of each (spec: issue 34, 3). */
const EVERY_KIND: [SecurityEvent, string][] = [
  [event('sessions_ended', null, 27), 'All other browsers were signed out'],
  [event('session_ended', null, 26), 'Another browser was signed out'],
  [event('profile_exported', null, 25), 'Personal data exported'],
  [event('social_unlinked', 'github', 24), 'GitHub account unlinked'],
  [event('social_linked', 'google', 23), 'Google account linked'],
  [event('password_reset', null, 22), 'Password set by the e-mailed link'],
  [event('sign_in', 'yandex', 21), 'Signed in with Yandex'],
  [event('sign_in', 'code', 20), 'Signed in with a code sent by e-mail'],
  [event('sign_in', 'password', 19), 'Signed in with the password'],
  [event('sign_in_failed', 'password', 18, unknown), 'A wrong password was entered'],
];
const events = EVERY_KIND.map(([e]) => e);
const title = () => screen.getByRole('heading', { level: 2, name: 'Recent security activity' });
const LOAD_FAILED = "Couldn't load your security activity.";
const REFRESH_FAILED = "Couldn't refresh your security activity.";
const EMPTY = 'Nothing has happened yet.';
/** The log loads, with Try again when it could not be. */
const loaded = listLoad({
  load: 'loadEvents',
  field: 'events',
  retry: 'events.retry',
  heading: title,
  failed: LOAD_FAILED,
  ready: 'ready.current',
  refresh: 'events.refresh',
});
/** A change elsewhere on the page reads it again, the last log still shown. */
const refreshed = listRefresh({
  load: 'loadEvents',
  field: 'events',
  retry: 'events.retry',
  refresh: 'events.refresh',
  heading: title,
  failed: LOAD_FAILED,
  refreshFailed: REFRESH_FAILED,
});

/** The log as kept: every kind said, newest first, or that nothing happened yet. */
function listed(snapshot: SnapshotFrom<typeof securityLogMachine>) {
  title();
  expect(screen.queryByText(LOAD_FAILED)).toBeNull();
  const rows = screen.queryAllByRole('listitem').map((row) => row.textContent);
  if (snapshot.context.events.length === 0) {
    expect(rows).toEqual([]);
    screen.getByText(EMPTY);
    return;
  }
  expect(screen.queryByText(EMPTY)).toBeNull();
  expect(rows).toEqual(
    EVERY_KIND.map(([e, said], i) =>
      i === EVERY_KIND.length - 1
        ? `${said}Unknown browser · November 18, 2026`
        : `${said}Chrome 131 on Linux · 203.0.113.7 · Germany · November ${e.created_at.slice(8, 10)}, 2026`,
    ),
  );
  for (const time of document.querySelectorAll('time')) {
    expect(events.map((e) => e.created_at)).toContain(time.getAttribute('datetime'));
  }
}

describeMachinePaths(securityLogMachine, {
  paths: 13,
  // Decision 0034: the log the page brought shows at once, without a load.
  starts: { 'the page brought it': { input: { events }, at: 'ready.current' } },
  // Decision 0214 (the security page): the account's security events load, with Try
  // again when they could not be; a change made on the page reads them again with the
  // last ones still shown, and says so with Try again when that fails.
  steps: {
    ...loaded.steps,
    ...refreshed.steps,
  },
  events: (snapshot) => [
    { type: 'events.retry' },
    { type: 'events.refresh' },
    // An account with events, and a new one without.
    ...internalEvents(snapshot, { loadEvents: { output: [events, []] } }),
  ],
  serialize: (snapshot) => snapshot.context.events.length,
  states: {
    ...loaded.states,
    ...refreshed.states,
    ready: (snapshot) => {
      expect([0, events.length]).toContain(snapshot.context.events.length);
    },
  },
  view: {
    render: englishView(SecurityLogView),
    states: {
      ...loaded.views,
      ...refreshed.views,
      ready: listed,
      refreshing: (snapshot) => {
        listed(snapshot);
        refreshed.views.refreshing();
      },
    },
  },
});
