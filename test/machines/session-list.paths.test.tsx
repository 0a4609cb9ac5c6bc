import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { SessionInfo } from '../../contract/identity.ts';
import { sessionListMachine } from '../../machines/session-list.machine.ts';
import { SessionListView } from '../../src/views/security/session-list.view.tsx';
import { laptopSession, phoneSession, unknownSession } from '../fixtures/security.ts';
import { describeMachinePaths, errorOf, internalEvents } from './path-harness.ts';
import { englishView } from './path-view.tsx';
import { listLoad, listRefresh } from './load-paths.ts';

const laptop = laptopSession;
const phone = phoneSession;
const unknown = unknownSession;

const FAILED = 'Something went wrong. Try again later.';
const LOAD_FAILED = "Couldn't load your sessions.";
const REFRESH_FAILED = "Couldn't refresh your sessions.";
const ONLY_HERE = "You're signed in on this browser only.";
const END_OTHERS = 'Sign out of all other sessions';
const ROWS: Record<string, string> = {
  [laptop.id]: 'Chrome 131 on LinuxThis browser203.0.113.7 · Germany · signed in November 1, 2026',
  [phone.id]:
    'Safari 17 on iOS 17198.51.100.4 · signed in November 20, 2026 · last active November 26, 2026Sign out',
  [unknown.id]:
    'Unknown browsersigned in November 20, 2026 · last active November 26, 2026Sign out',
};
const LABELS: Record<string, string> = {
  [phone.id]:
    'Sign out Safari 17 on iOS 17, 198.51.100.4 · signed in November 20, 2026 · last active November 26, 2026',
  [unknown.id]:
    'Sign out Unknown browser, signed in November 20, 2026 · last active November 26, 2026',
};
const title = () => screen.getByRole('heading', { level: 2, name: "Where you're signed in" });
const rows = () => screen.queryAllByRole('listitem');
const endButton = (id: string) =>
  screen.getByRole('button', { name: LABELS[id] }) as HTMLButtonElement;
const endOthers = () => screen.queryByRole('button', { name: END_OTHERS }) as HTMLButtonElement;

/** Every session listed in order, this one first and without Sign out. */
function listed(snapshot: SnapshotFrom<typeof sessionListMachine>) {
  const { sessions } = snapshot.context;
  expect(rows().map((row) => row.textContent)).toEqual(sessions.map((s) => ROWS[s.id]));
  const [first] = rows();
  expect(within(first!).queryByRole('button')).toBeNull();
  const others = sessions.filter((s) => !s.current);
  expect(endOthers() !== null).toBe(others.length > 0);
  expect(screen.queryByText(ONLY_HERE) !== null).toBe(others.length === 0);
  return others;
}

type Context = SnapshotFrom<typeof sessionListMachine>['context'];
/**
 * Where an end's answer leads: the list as it left it, or, when a change elsewhere asked
 * for a refresh meanwhile, reading it again (the last one shown) with that one done.
 */
const afterEnd = (context: Context, set: Partial<Context>) =>
  context.refreshDue
    ? {
        to: 'refreshing',
        set: { ...set, refreshDue: false },
        starts: { loadSessions: undefined },
      }
    : { to: 'ready.current', set };
/** What signing out leaves: the list without the ended browser, nothing ending. */
const without = (context: Context, ended: (s: SessionInfo) => boolean) =>
  afterEnd(context, { sessions: context.sessions.filter((s) => !ended(s)), ending: null });
const failed = (context: Context) => afterEnd(context, { ending: null, error: 'system' });
/** A refresh asked for while a session ends waits for that end. */
const refreshLater = { 'sessions.refresh': { to: 'ending', set: { refreshDue: true } } };
/** The sessions load, with Try again when they could not be. */
const loaded = listLoad({
  load: 'loadSessions',
  field: 'sessions',
  retry: 'sessions.retry',
  heading: title,
  failed: LOAD_FAILED,
  ready: 'ready.current',
  refresh: 'sessions.refresh',
});
/** A change elsewhere on the page (a password change) reads it again, the last list shown. */
const refreshed = listRefresh({
  load: 'loadSessions',
  field: 'sessions',
  retry: 'sessions.retry',
  refresh: 'sessions.refresh',
  heading: title,
  failed: LOAD_FAILED,
  refreshFailed: REFRESH_FAILED,
});
/** Sign out of a listed other browser ends it; of this one or an unlisted one, nothing. */
const endOne = (context: Context, event: unknown, stay: string) => {
  const id = (event as { id: string }).id;
  const listedOther = context.sessions.some((s) => s.id === id && !s.current);
  return listedOther
    ? { to: 'ending', set: { ending: id, error: null }, starts: { endSession: id } }
    : { to: stay };
};
const endOthersRow = {
  to: 'endingOthers',
  set: { ending: 'others', error: null },
  starts: { endOtherSessions: undefined },
};

describeMachinePaths(sessionListMachine, {
  paths: 55,
  // Decision 0034: the sessions the page brought are listed at once, without a load.
  starts: {
    'the page brought them': { input: { sessions: [laptop, phone] }, at: 'ready.current' },
  },
  // From the capability 1 and decision 0214: the list loads, a listed other
  // browser (never this one) signs out, all others sign out together, a browser already
  // gone leaves the list without a word, any other failure is said. A change elsewhere
  // on the page (a password change) reads the list again with the last one still shown,
  // and says so with Try again when that fails; one asked for while a session ends is
  // read once the end is over.
  steps: {
    ...loaded.steps,
    ...refreshed.steps,
    'ready.current': {
      ...refreshed.steps['ready.current'],
      'session.end': ({ context }, event) => endOne(context, event, 'ready.current'),
      'sessions.endOthers': endOthersRow,
    },
    // The last list stays shown after a failed refresh, and is offered the same.
    'ready.refreshFailed': {
      ...refreshed.steps['ready.refreshFailed'],
      'session.end': ({ context }, event) => endOne(context, event, 'ready.refreshFailed'),
      'sessions.endOthers': endOthersRow,
    },
    ending: {
      ...refreshLater,
      'done: endSession': ({ context }) => without(context, (s) => s.id === phone.id),
      'error: endSession': ({ context }, event) =>
        errorOf(event).code === 'not_found'
          ? without(context, (s) => s.id === phone.id)
          : failed(context),
    },
    endingOthers: {
      'sessions.refresh': { to: 'endingOthers', set: { refreshDue: true } },
      'done: endOtherSessions': ({ context }) => without(context, (s) => !s.current),
      'error: endOtherSessions': ({ context }) => failed(context),
    },
  },
  events: (snapshot) => [
    // Both sides of isListedOther: another browser listed, and this one.
    { type: 'session.end', id: phone.id },
    { type: 'session.end', id: laptop.id },
    { type: 'sessions.endOthers' },
    { type: 'sessions.retry' },
    { type: 'sessions.refresh' },
    ...internalEvents(snapshot, {
      // Both sides of hasOtherSessions: others to sign out, and this browser alone.
      loadSessions: { output: [[laptop, phone, unknown], [laptop]] },
      // Both sides of alreadyGone: a session ended meanwhile, and a failure.
      endSession: { error: [{ code: 'not_found' }, { code: 'system' }] },
      endOtherSessions: { error: [{ code: 'system' }] },
    }),
  ],
  serialize: (snapshot) => ({
    sessions: snapshot.context.sessions.map((s) => s.id),
    ending: snapshot.context.ending,
    error: snapshot.context.error,
    refreshDue: snapshot.context.refreshDue,
  }),
  states: {
    ...loaded.states,
    ...refreshed.states,
    loadFailed: (snapshot) => {
      loaded.states.loadFailed(snapshot);
      expect(snapshot.can({ type: 'sessions.endOthers' })).toBe(false);
    },
    ready: (snapshot) => {
      const { sessions, ending, error } = snapshot.context;
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(ending).toBeNull();
      expect(snapshot.context.refreshDue).toBe(false);
      // This browser is never ended from here, whatever failed.
      expect(sessions[0]).toEqual(laptop);
      // A session that was already gone leaves without a word; any other failure is said.
      expect(error === null || error === 'system').toBe(true);
      expect(snapshot.can({ type: 'sessions.endOthers' })).toBe(sessions.length > 1);
    },
    refreshing: (snapshot) => {
      refreshed.states.refreshing(snapshot);
      expect(snapshot.context.ending).toBeNull();
      expect(snapshot.context.refreshDue).toBe(false);
      expect(snapshot.context.sessions[0]).toEqual(laptop);
      expect(snapshot.can({ type: 'sessions.endOthers' })).toBe(false);
      expect(snapshot.can({ type: 'session.end', id: phone.id })).toBe(false);
    },
    ending: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.ending).toBe(phone.id);
      expect(snapshot.context.error).toBeNull();
    },
    endingOthers: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.ending).toBe('others');
      expect(snapshot.context.error).toBeNull();
    },
  },
  view: {
    render: englishView(SessionListView),
    states: {
      ...loaded.views,
      ...refreshed.views,
      ready: (snapshot) => {
        title();
        for (const other of listed(snapshot)) {
          expect(endButton(other.id).disabled).toBe(false);
          expect(endButton(other.id).hasAttribute('data-loading')).toBe(false);
        }
        if (endOthers()) expect(endOthers().disabled).toBe(false);
        const alert = screen.queryByRole('alert');
        expect(alert?.textContent ?? null).toBe(snapshot.context.error === null ? null : FAILED);
      },
      refreshing: (snapshot) => {
        refreshed.views.refreshing();
        // The last list stays, marked busy, nothing taken meanwhile.
        expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
        for (const other of listed(snapshot)) {
          expect(endButton(other.id).disabled).toBe(true);
          expect(endButton(other.id).hasAttribute('data-loading')).toBe(false);
        }
        if (endOthers()) expect(endOthers().disabled).toBe(true);
      },
      ending: (snapshot) => {
        title();
        // The one ending waits; nothing else is taken meanwhile.
        for (const other of listed(snapshot)) {
          expect(endButton(other.id).disabled).toBe(true);
          expect(endButton(other.id).hasAttribute('data-loading')).toBe(other.id === phone.id);
        }
        expect(endOthers().disabled).toBe(true);
        expect(endOthers().hasAttribute('data-loading')).toBe(false);
        expect(screen.queryByText(FAILED)).toBeNull();
      },
      endingOthers: (snapshot) => {
        title();
        for (const other of listed(snapshot)) {
          expect(endButton(other.id).disabled).toBe(true);
          expect(endButton(other.id).hasAttribute('data-loading')).toBe(false);
        }
        expect(endOthers().hasAttribute('data-loading')).toBe(true);
        expect(screen.queryByText(FAILED)).toBeNull();
      },
    },
  },
});
