import { msg } from '@lingui/core/macro';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { Profile, Timezone } from '../../contract/profile.ts';
import type { Team } from '../../contract/teams.ts';
import { AppShell, preloadSignedInShell } from '../../src/components/app-shell.tsx';
import ErrorPage from '../../src/components/error-page.view.tsx';
import {
  sameHeaderSession,
  toHeaderSession,
  type HeaderSession,
} from '../../src/components/header-session.ts';
import { SectionPage } from '../../src/components/section-page.tsx';
import { answeredSession } from '../fixtures/session.ts';
import { demoUser } from '../fixtures/users.ts';
import { demoWebgis } from '../fixtures/webgis.ts';
import { Providers } from '../render/providers.tsx';
import { describeMachinePaths, internalEvents, outputOf, type StepTable } from './path-harness.ts';
import type { SessionEvent } from '../../machines/session.machine.ts';
import type { Webgis } from '../../contract/webgis.ts';
import type { SnapshotFrom } from 'xstate';

// The signed-in shell's parts load apart (decision 0009); here they are loaded before
// the paths, so each step's shell draws them at once, as a page that preloaded them does.
preloadSignedInShell();
await Promise.all([
  import('../../src/components/sidebar.tsx'),
  import('../../src/components/user-area.tsx'),
]);
await new Promise((resolve) => setTimeout(resolve, 0));

const browserTimezone = { ianaName: 'Europe/Moscow', offset: 180 };
const elsewhere = { ...demoUser, timezone: { ianaName: 'America/New_York', offset: -300 } };
// The timezone guard's edges: the same offset in another zone, the same zone at another offset.
const sameOffset = { ...demoUser, timezone: { ianaName: 'Europe/Istanbul', offset: 180 } };
const otherOffset = { ...demoUser, timezone: { ianaName: 'Europe/Moscow', offset: 240 } };

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Rows = StepTable<Snapshot, SessionEvent>[string];
const signedOutNow = { to: 'signedOut', set: { user: null, memberTeams: null, teamPlan: false } };
/**
 * Section 4, Session: on sign-in the web GIS and the non-owned teams are read, and the
 * browser's timezone is sent when the stored one differs in zone or offset.
 */
const signInReads = (user: Profile) => {
  const differs =
    user.timezone?.ianaName !== browserTimezone.ianaName ||
    user.timezone?.offset !== browserTimezone.offset;
  // Without an address in the profile there is no web GIS to ask about (its 404 is known).
  const reads = {
    fetchWebgis: { hasWebgis: user.webgis_url !== null },
    fetchMemberTeams: undefined,
  };
  return differs
    ? { to: 'signedIn.sendingTimezone', starts: { ...reads, sendTimezone: browserTimezone } }
    : { to: 'signedIn.idle', starts: reads };
};
/** Signed in, whatever the timezone is doing (`here`): what the page and the reads change. */
const signedIn = (here: string): Rows => ({
  'session.signOut': { to: 'signingOut', starts: { signOut: undefined } },
  'session.refresh': { to: 'checking', starts: { fetchUser: undefined } },
  // A 401 elsewhere: the session is over.
  'session.expired': signedOutNow,
  'session.userChanged': (_, event) => ({
    to: here,
    set: { user: (event as { user: Profile }).user },
  }),
  // The menu entry follows the web GIS address (section 4, Web GIS creation).
  'session.webgisChanged': ({ context }, event) => ({
    to: here,
    set: { user: { ...context.user!, webgis_url: (event as { webgis: Webgis }).webgis.url } },
  }),
  'done: fetchWebgis': ({ context }, event) => {
    const found = outputOf(event) as Webgis | null;
    return { to: here, set: { user: { ...context.user!, webgis_url: found?.url ?? null } } };
  },
  // Section 8: a failed read is reported; the address the profile gave stays.
  'error: fetchWebgis': { to: here },
  // Section 6: listed are the non-owned teams not disabled; one gives the team-plan flag.
  'done: fetchMemberTeams': (_, event) => {
    const listed = (outputOf(event) as Team[]).filter(
      (t) => !t.owned_by_target_user && t.team_status !== 'disabled',
    );
    return { to: here, set: { memberTeams: listed, teamPlan: listed.length > 0 } };
  },
  // Reported; the flag stays as it was.
  'error: fetchMemberTeams': { to: here },
});
const webgis = demoWebgis('started', { url: 'http://demo-gis.localhost:8080/' });

const team = (status: Team['team_status'], owned: boolean): Team => ({
  users: [],
  max_size: 5,
  owner_id: 'b7c1e7a4-5f2d-4c1e-9a51-0d6f4f1b2c3d',
  owner_username: owned ? 'demo' : 'ann',
  team_status: status,
  owned_by_target_user: owned,
});
// Only a non-owned active team gives the flag: one here, among those that do not.
const teams = [team('active', true), team('disabled', false), team('active', false)];

const SERVER_ERROR = 'An error occurred on the server';
const accountMenu = () => screen.queryByRole('button', { name: /^Account menu of / });
const signIn = () => screen.queryByRole('link', { name: 'Sign in' });
const sections = () => screen.queryByRole('navigation', { name: 'Account sections' });
/** The user's menu and plan label, and the sections beside the page, with its web GIS item. */
const userShown = (user: Profile) => {
  const name = `${user.first_name} ${user.last_name}`;
  expect(accountMenu()?.getAttribute('aria-label')).toBe(`Account menu of ${name}`);
  expect(screen.getByRole('link', { name: 'Free' }).getAttribute('href')).toBe('/en/subscription');
  const nav = sections();
  if (!nav) throw new Error('no account sections');
  // The web GIS item follows the address the session knows.
  within(nav).getByRole('link', { name: user.webgis_url ? 'Web GIS' : 'Create Web GIS' });
  expect(within(nav).queryAllByRole('link', { name: /Web GIS/ })).toHaveLength(1);
  expect(signIn()).toBeNull();
};
/** Signed in: the user's shell, nothing loading, no error. */
const signedInShell = (user: Profile | null) => {
  if (!user) throw new Error('signed in without a user');
  userShown(user);
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByText(SERVER_ERROR)).toBeNull();
};
/** Nobody is signed in as far as the shell knows: no menu, no sections. */
const noUser = () => {
  expect(accountMenu()).toBeNull();
  expect(sections()).toBeNull();
};

describeMachinePaths(sessionMachine, {
  paths: 502,
  input: { browserTimezone },
  // Section 4, Session, section 3 (the team-plan flag) and section 8 (get-user 401/403
  // means not authenticated; here the app's fetchUser answers null for them).
  steps: {
    checking: {
      'done: fetchUser': (_, event) => {
        const user = outputOf(event) as Profile | null;
        if (user === null) return signedOutNow;
        return { ...signInReads(user), set: { user, memberTeams: null, teamPlan: false } };
      },
      'error: fetchUser': { to: 'unavailable' },
    },
    unavailable: { 'session.retry': { to: 'checking', starts: { fetchUser: undefined } } },
    'signedIn.sendingTimezone': {
      ...signedIn('signedIn.sendingTimezone'),
      'done: sendTimezone': ({ context }) => ({
        to: 'signedIn.idle',
        set: { user: { ...context.user!, timezone: browserTimezone } },
      }),
      // Sent again at the next sign-in; nothing to tell the user.
      'error: sendTimezone': { to: 'signedIn.idle' },
    },
    'signedIn.idle': signedIn('signedIn.idle'),
    signingOut: {
      'done: signOut': signedOutNow,
      // Still signed in on the server: back, and the sign-in reads run again.
      'error: signOut': ({ context }) => signInReads(context.user!),
    },
    signedOut: { 'session.refresh': { to: 'checking', starts: { fetchUser: undefined } } },
  },
  events: (snapshot) => [
    { type: 'session.refresh' },
    { type: 'session.signOut' },
    { type: 'session.expired' },
    { type: 'session.retry' },
    { type: 'session.userChanged', user: { ...elsewhere, first_name: 'Renamed' } },
    { type: 'session.webgisChanged', webgis },
    ...internalEvents(snapshot, {
      fetchUser: { output: [demoUser, elsewhere, sameOffset, otherOffset, null] },
      fetchWebgis: { output: [webgis, null] },
      fetchMemberTeams: { output: [teams] },
    }).filter(
      // The teams' invocation completes once: nothing in the graph says it did.
      (event) => !event.type.endsWith('.fetchMemberTeams') || snapshot.context.memberTeams === null,
    ),
  ],
  serialize: (snapshot) => ({
    user: snapshot.context.user?.timezone ?? null,
    name: snapshot.context.user?.first_name ?? null,
    webgisUrl: snapshot.context.user?.webgis_url ?? null,
    teams: snapshot.context.memberTeams?.length ?? null,
    teamPlan: snapshot.context.teamPlan,
  }),
  states: {
    checking: (snapshot) => expect(snapshot.hasTag('checking')).toBe(true),
    unavailable: (snapshot) => {
      // The user could not be read: neither signed in nor out, and the app offers a retry.
      expect(snapshot.hasTag('checking')).toBe(false);
      expect(snapshot.can({ type: 'session.retry' })).toBe(true);
      expect(snapshot.can({ type: 'session.signOut' })).toBe(false);
      expect(snapshot.can({ type: 'session.refresh' })).toBe(false);
    },
    signedIn: (snapshot) => {
      // A user is known; they can sign out, and a 401 elsewhere ends the session.
      expect(snapshot.context.user).not.toBeNull();
      expect(snapshot.hasTag('checking')).toBe(false);
      expect(snapshot.can({ type: 'session.signOut' })).toBe(true);
      expect(snapshot.can({ type: 'session.expired' })).toBe(true);
      expect(snapshot.can({ type: 'session.retry' })).toBe(false);
    },
    // signedIn.checkingTimezone is only passed through (`always`): the checks of
    // sendingTimezone and idle, where it leads, assert what it decided.
    signedOut: (snapshot) => {
      expect(snapshot.context.user).toBeNull();
      expect(snapshot.context.teamPlan).toBe(false);
    },
    'signedIn.idle': (snapshot) => {
      expect(snapshot.context.user).not.toBeNull();
      // The flag follows the teams: set once they came, for the one non-owned active team.
      expect(snapshot.context.teamPlan).toBe(snapshot.context.memberTeams !== null);
    },
    'signedIn.sendingTimezone': (snapshot) =>
      expect(snapshot.context.user?.timezone).not.toEqual(browserTimezone),
    signingOut: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
  },
  // The session's view (SessionView, src/components/session.view.tsx) is drawn by the app
  // shell: at its header's end, with the sections beside an account page the shell adds
  // for a signed-in user (here /en/profile, as the story draws it). An account page meets an
  // unreadable session with the 500 page (routes/$locale/_account.tsx).
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <AppShell session={toHeaderSession(snapshot)} pathname="/en/profile" promotion={null}>
          {snapshot.matches('unavailable') ? (
            <ErrorPage code={500} address="http://localhost/en/profile" />
          ) : (
            <SectionPage title={msg`Profile`} />
          )}
        </AppShell>
      </Providers>
    ),
    states: {
      checking: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading');
        expect(signIn()).toBeNull();
        noUser();
      },
      unavailable: (snapshot) => {
        within(screen.getByRole('alert')).getByRole('heading', { name: SERVER_ERROR });
        screen.getByText('Please refresh the page later or report the problem to us.');
        expect(screen.queryByRole('status')).toBeNull();
        // A read that failed after a sign-in (session.refresh) keeps the user it knew.
        const { user } = snapshot.context;
        if (user) userShown(user);
        else noUser();
      },
      signedOut: () => {
        expect(signIn()).not.toBeNull();
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.queryByText(SERVER_ERROR)).toBeNull();
        noUser();
      },
      signedIn: (snapshot) => {
        signedInShell(snapshot.context.user);
        // Not signing out: the user's picture (initials), not a spinner, in the menu button.
        expect(screen.queryByTestId('userpic')).not.toBeNull();
      },
      // The timezone is sent unseen: the shell is the same signed-in shell.
      'signedIn.idle': (snapshot) => signedInShell(snapshot.context.user),
      'signedIn.sendingTimezone': (snapshot) => signedInShell(snapshot.context.user),
      signingOut: (snapshot) => {
        // Still the user's shell, the menu button spinning in place of the picture.
        signedInShell(snapshot.context.user);
        expect(screen.queryByTestId('userpic')).toBeNull();
        expect(accountMenu()?.querySelector('.chakra-spinner')).not.toBeNull();
      },
    },
  },
});

describe('the team-plan flag', () => {
  async function flagAfter(answer: Team[]) {
    const actor = createActor(answeredSession({ teams: answer }), {
      input: { browserTimezone },
    }).start();
    await waitFor(actor, (s) => s.context.memberTeams !== null);
    const flag = actor.getSnapshot().context.teamPlan;
    actor.stop();
    return flag;
  }

  it('is set by a non-owned active team only', async () => {
    expect(await flagAfter(teams)).toBe(true);
    expect(await flagAfter([team('active', true), team('disabled', false)])).toBe(false);
    expect(await flagAfter([])).toBe(false);
  });
});

describe('a session the server ended', () => {
  it('signs out and announces it once, so the app sends the user to sign in', async () => {
    const actor = createActor(answeredSession({ teams }), { input: { browserTimezone } }).start();
    const announced: string[] = [];
    actor.on('expired', (event) => announced.push(event.type));
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired' });
    // A second 401 of the same moment changes nothing more.
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ user: null, teamPlan: false });
    expect(announced).toEqual(['expired']);
    actor.stop();
  });
});

describe('a profile with no time zone stored', () => {
  it("gets the browser's, sent once, and shown as the user's", async () => {
    const sent: Timezone[] = [];
    const actor = createActor(
      answeredSession({ user: { ...demoUser, timezone: null } }).provide({
        actors: {
          sendTimezone: fromPromise<void, Timezone>(async ({ input }) => {
            sent.push(input);
          }),
        },
      }),
      { input: { browserTimezone } },
    ).start();
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(sent).toEqual([browserTimezone]);
    expect(actor.getSnapshot().context.user?.timezone).toEqual(browserTimezone);
    actor.stop();
  });
});

describe('the web GIS on sign-in', () => {
  async function askedFor(user: Profile) {
    const inputs: { hasWebgis: boolean }[] = [];
    const webgis = async (input: { hasWebgis: boolean }) => {
      inputs.push(input);
      return null;
    };
    const actor = createActor(answeredSession({ user, webgis }), {
      input: { browserTimezone },
    }).start();
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.stop();
    return inputs;
  }

  it('is looked up only when the profile names its address', async () => {
    expect(await askedFor(demoUser)).toEqual([{ hasWebgis: false }]);
    expect(await askedFor({ ...demoUser, webgis_url: webgis.url })).toEqual([{ hasWebgis: true }]);
  });
});

describe('what the shell shows of the session', () => {
  it('stays the same through the teams and an unchanged web GIS, and changes with the user', async () => {
    const user = { ...demoUser, timezone: browserTimezone };
    const actor = createActor(answeredSession({ user, teams }), { input: { browserTimezone } });
    // What the shell showed as the user became known, before the other reads came back.
    let shown: HeaderSession | undefined;
    actor.subscribe((snapshot) => {
      if (!shown && snapshot.matches('signedIn')) shown = toHeaderSession(snapshot);
    });
    actor.start();
    await waitFor(actor, (s) => s.context.memberTeams !== null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.teamPlan).toBe(true);
    expect(sameHeaderSession(shown!, toHeaderSession(actor.getSnapshot()))).toBe(true);
    actor.send({ type: 'session.webgisChanged', webgis });
    expect(sameHeaderSession(shown!, toHeaderSession(actor.getSnapshot()))).toBe(false);
    actor.send({ type: 'session.signOut' });
    expect(sameHeaderSession(shown!, toHeaderSession(actor.getSnapshot()))).toBe(false);
    actor.stop();
  });
});
