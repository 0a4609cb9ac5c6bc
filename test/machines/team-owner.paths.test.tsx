import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import type { Team, TeamUser, UserLookup } from '../../contract/teams.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import {
  hasChanges,
  PremiumRequired,
  savedOverLimit,
  teamDraft,
  teamOwnerMachine,
} from '../../machines/team-owner.machine.ts';
import { OwnerView } from '../../src/views/teams/team-owner.view.tsx';
import { Providers } from '../render/providers.tsx';
import {
  describeMachinePaths,
  errorOf,
  internalEvents,
  outputOf,
  type StepTable,
} from './path-harness.ts';
import type { TeamOwnerEvent } from '../../machines/team-owner.machine.ts';

const user = (n: number, username: string, owner = false): TeamUser => ({
  portal_guid: `00000000-0000-4000-8000-00000000000${n}`,
  username,
  first_name: username.toUpperCase(),
  last_name: 'Test',
  owner,
});
const owner = user(1, 'owner', true);
const bob = user(2, 'bob');
const ann = user(3, 'Ann');
const lookup = ({ owner: _owner, ...found }: TeamUser): UserLookup => found;

const team = (users: TeamUser[], status: Team['team_status'] = 'active'): Team => ({
  users,
  max_size: 2,
  owner_id: owner.portal_guid,
  owner_username: owner.username,
  team_status: status,
  owned_by_target_user: true,
});
// Loaded over its limit of 2 (the red dot), saved within it.
const loaded = team([owner, bob, ann]);
const disabled = team([owner, bob], 'disabled');
const saved = team([owner, ann]);
const notFound = new FieldErrors([
  { field: 'username', code: 'user_not_found', detail: 'There is no user with this username' },
]);
const unknownUsers = new FieldErrors([
  { field: 'users', code: 'invalid_input', detail: 'Entered data is not valid.' },
]);

type Snapshot = SnapshotFrom<typeof teamOwnerMachine>;
type Rows = StepTable<Snapshot, TeamOwnerEvent>[string];

/** Section 5: a username holds letters, digits and "-", "_", "." only. */
const USERNAME_RULE = /^[\p{L}\p{N}._-]+$/u;
/** The members as the server knows them: the owner is never sent, it stays in the team. */
const membersOf = (users: TeamUser[]) => users.filter((u) => !u.owner).map((u) => u.portal_guid);
/** The team as the server answered it: the list edited from there, the list's errors gone. */
const teamKept = (kept: Team) => ({ team: kept, users: kept.users, serverErrors: {} });

const without = (rows: Rows, event: string): Rows => {
  const { [event]: _, ...rest } = rows;
  return rest;
};

/** The list and the add field, whether nothing was saved yet, just saved, or refused. */
const ready = (now: 'idle' | 'saved' | 'failed'): Rows => ({
  'username.edit': (_, event) => ({
    to: `editing.ready.${now}`,
    set: { username: (event as { username: string }).username, usernameError: null },
  }),
  // Checked here first: empty, against the rule, or listed already; else looked up.
  'member.add': ({ context }) => {
    const name = context.username.trim();
    const refused = (usernameError: 'required' | 'username' | 'already_member') => ({
      to: `editing.ready.${now}`,
      set: { usernameError },
    });
    if (name === '') return refused('required');
    if (!USERNAME_RULE.test(name)) return refused('username');
    if (context.users.some((u) => u.username === name)) return refused('already_member');
    return { to: 'editing.lookingUp', starts: { lookupUser: { username: name } } };
  },
  // Section 2: the owner cannot be removed; anyone else leaves the list (not saved yet).
  'member.remove': ({ context }, event) => {
    const guid = (event as { portalGuid: string }).portalGuid;
    const removable = context.users.some((u) => u.portal_guid === guid && !u.owner);
    return removable
      ? {
          to: 'editing.ready.idle',
          set: { users: context.users.filter((u) => u.portal_guid !== guid), serverErrors: {} },
        }
      : { to: `editing.ready.${now}` };
  },
  // Only a list that differs from the saved one is sent.
  'team.save': ({ context }) => {
    const edited = membersOf(context.users).join();
    return edited === membersOf(context.team!.users).join()
      ? { to: `editing.ready.${now}` }
      : { to: 'editing.saving', starts: { saveTeam: { users: membersOf(context.users) } } };
  },
  // Decision 0025: the kept edit comes back over the team as saved (its owner as now);
  // what does not read as a list of users or a name is left as it is.
  'draft.restore': ({ context }, event) => {
    const { values } = event as { values: Record<string, unknown> };
    const kept = values['users'];
    const users = Array.isArray(kept)
      ? [owner, ...(kept as TeamUser[]).filter((u) => !u.owner)]
      : context.users;
    const typed = values['username'];
    const username = typeof typed === 'string' ? typed : context.username;
    return {
      to: 'editing.ready.idle',
      set: { users, username, usernameError: null, serverErrors: {} },
    };
  },
});

// 1,410 paths are drawn step by step: the checks read the DOM directly (text and
// selectors), not the accessibility tree, which would cost many times as much.
const buttons = () => [...document.querySelectorAll('button')];
/** The button whose words are `text` (a waiting one keeps its words beside the spinner). */
const button = (text: string) => {
  const found = buttons().filter((b) => b.textContent === text);
  expect(found, `one button '${text}'`).toHaveLength(1);
  return found[0]!;
};
const absent = (text: string) => expect(screen.queryByText(text), text).toBeNull();
const removeButtons = () => buttons().filter((b) => b.textContent === 'Remove');
const waits = (b: HTMLButtonElement) => b.hasAttribute('data-loading');
const usernames = () =>
  [...document.querySelectorAll('tbody tr')].map((row) => row.firstElementChild?.textContent);

const SAVE_FAILED = "Couldn't save the team. Please try again.";
const SAVED = 'The team is saved.';
const UNSAVED = 'You have unsaved changes.';
const OVER = 'The team has more users than allowed';
const LIST_REFUSED = 'Entered data is not valid. Please check your input and try again.';
const usernameMessages: Record<string, string> = {
  required: 'This field is required',
  username:
    'Enter a valid username. This value may contain only letters, numbers and "-", "_", "." characters.',
  already_member: 'This user is already in the team',
  user_not_found: 'There is no user with this username',
};
const usernameMessage = (snapshot: Snapshot) => {
  const error = snapshot.context.usernameError;
  if (error === null) return null;
  return usernameMessages[typeof error === 'string' ? error : error.code]!;
};

/** The team as edited: seats, members (Remove for all but the owner), the field, Save. */
function editor(snapshot: Snapshot) {
  const { users, serverErrors, username } = snapshot.context;
  screen.getByText(`${users.length} of 2 users`);
  expect(usernames()).toEqual(users.map((u) => u.username));
  expect(removeButtons().map((b) => b.getAttribute('aria-label'))).toEqual(
    users.filter((u) => !u.owner).map((u) => `Remove ${u.username}`),
  );
  // The warning follows the list as edited: removing users takes it away before a save.
  expect(screen.queryByText(OVER) !== null).toBe(users.length > 2);
  const field = document.querySelector<HTMLInputElement>('input[name="username"]')!;
  expect(field.value).toBe(username);
  // What went wrong with the username is at its field, in words; else the hint.
  const message = usernameMessage(snapshot);
  expect(field.getAttribute('aria-invalid')).toBe(message ? 'true' : null);
  if (message) screen.getByText(message);
  else screen.getByText('The exact username of the user to add.');
  expect(screen.queryByText(LIST_REFUSED) !== null).toBe(serverErrors['users'] !== undefined);
  const status = document.querySelector('[role="status"]')!.textContent;
  expect(status).toBe(
    (hasChanges(snapshot.context) ? UNSAVED : '') +
      (snapshot.matches({ editing: { ready: 'saved' } }) ? SAVED : ''),
  );
}

describeMachinePaths(teamOwnerMachine, {
  paths: 1412,
  // Decision 0034: the team the page brought shows at once; a disabled one offers Premium.
  starts: {
    'the page brought the team': { input: { team: loaded }, at: 'editing' },
    'the page brought a disabled team': { input: { team: disabled }, at: 'upgradeOffered' },
  },
  // Section 2, Teams (owner tab), section 6 (team roles) and section 9 (timed alerts go
  // after 3 s): the own team loads; members are added by username and removed (never
  // the owner), and saved; a team whose owner is not premium gets the upgrade offer.
  steps: {
    loading: {
      'done: fetchOwnTeam': (_, event) => {
        const own: Team = outputOf(event);
        return {
          to: own.team_status === 'disabled' ? 'upgradeOffered' : 'editing.ready.idle',
          set: teamKept(own),
        };
      },
      'error: fetchOwnTeam': { to: 'unavailable' },
    },
    unavailable: { 'team.retry': { to: 'loading', starts: { fetchOwnTeam: undefined } } },
    'editing.ready.idle': ready('idle'),
    // Just saved, the list is the saved one: Save has nothing to send, so no path tries it.
    'editing.ready.saved': {
      ...without(ready('saved'), 'team.save'),
      'after savedNotice': { to: 'editing.ready.idle', after: 3000 },
    },
    // A refused save leaves changes, so no kept edit is offered over it.
    'editing.ready.failed': without(ready('failed'), 'draft.restore'),
    // (Typing while a name is looked up is not among the paths: they type into an empty field.)
    'editing.lookingUp': {
      // Found: added (not the owner), the field emptied; unless it is listed already.
      'done: lookupUser': ({ context }, event) => {
        const found: UserLookup = outputOf(event);
        return context.users.some((u) => u.portal_guid === found.portal_guid)
          ? { to: 'editing.ready.idle', set: { usernameError: 'already_member' as const } }
          : {
              to: 'editing.ready.idle',
              set: {
                users: [...context.users, { ...found, owner: false }],
                username: '',
                usernameError: null,
                serverErrors: {},
              },
            };
      },
      // Not found shows at the field; any other failure was a toast, the field stays.
      'error: lookupUser': (_, event) => {
        const error = errorOf(event) as unknown;
        return error instanceof FieldErrors
          ? { to: 'editing.ready.idle', set: { usernameError: error.errors[0] } }
          : { to: 'editing.ready.idle' };
      },
    },
    'editing.saving': {
      'username.edit': (_, event) => ({
        to: 'editing.saving',
        set: { username: (event as { username: string }).username, usernameError: null },
      }),
      'done: saveTeam': (_, event) => ({
        to: 'editing.ready.saved',
        set: teamKept(outputOf(event)),
      }),
      // Section 6: a team needs premium: the offer; a refused list shows; else a failure.
      'error: saveTeam': (_, event) => {
        const error = errorOf(event) as unknown;
        if (error instanceof PremiumRequired) return { to: 'upgradeOffered' };
        if (error instanceof FieldErrors) {
          return { to: 'editing.ready.idle', set: { serverErrors: { users: error.errors[0] } } };
        }
        return { to: 'editing.ready.failed' };
      },
    },
  },
  events: (snapshot) => [
    { type: 'team.retry' },
    // Into the empty field (it starts empty): against the username rule, the owner's
    // own (listed already), and one to look up. Typing over a name would only multiply paths.
    ...(snapshot.context.username === ''
      ? [
          { type: 'username.edit', username: 'no such!' },
          { type: 'username.edit', username: ' owner ' },
          { type: 'username.edit', username: 'Ann' },
        ]
      : []),
    { type: 'member.add' },
    { type: 'member.remove', portalGuid: owner.portal_guid },
    { type: 'member.remove', portalGuid: ann.portal_guid },
    { type: 'team.save' },
    // The edit kept when the session ended (decision 0025), offered on a team as saved:
    // Bob removed and a name typed, or a draft that does not parse.
    ...(!hasChanges(snapshot.context) && snapshot.context.username === ''
      ? [
          { type: 'draft.restore', values: { users: [owner, ann], username: 'bo' } },
          { type: 'draft.restore', values: { users: 'nonsense', username: 7 } },
        ]
      : []),
    ...internalEvents(snapshot, {
      fetchOwnTeam: { output: [loaded, disabled] },
      // Found, or found but listed already (the same account under its stored case).
      lookupUser: { output: [lookup(ann), lookup(bob)], error: [notFound, new Error('offline')] },
      saveTeam: {
        output: [saved],
        error: [new PremiumRequired(), unknownUsers, new Error('offline')],
      },
    }),
  ],
  serialize: (snapshot) => ({
    saved: snapshot.context.team?.users.map((u) => u.username) ?? null,
    users: snapshot.context.users.map((u) => u.username),
    username: snapshot.context.username,
    error: snapshot.context.usernameError,
    list: Object.keys(snapshot.context.serverErrors),
  }),
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    unavailable: (snapshot) => {
      // The team could not be loaded: nothing to edit, only a retry.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.team).toBeNull();
      expect(snapshot.can({ type: 'team.retry' })).toBe(true);
      expect(snapshot.can({ type: 'member.add' })).toBe(false);
    },
    upgradeOffered: (snapshot) => {
      expect(snapshot.can({ type: 'team.save' })).toBe(false);
      expect(snapshot.can({ type: 'member.add' })).toBe(false);
    },
    editing: (snapshot) => {
      const { users } = snapshot.context;
      // The owner is always there, first, and cannot be removed.
      expect(users[0]).toEqual(owner);
      expect(snapshot.can({ type: 'member.remove', portalGuid: owner.portal_guid })).toBe(false);
      // The red dot follows the team as saved, not the edits.
      const team = snapshot.context.team;
      expect(savedOverLimit(snapshot.context)).toBe((team?.users.length ?? 0) > 2);
      expect(new Set(users.map((u) => u.portal_guid)).size).toBe(users.length);
      // What the session's end keeps: the edit, or nothing when there is none.
      const unchanged = !hasChanges(snapshot.context) && snapshot.context.username.trim() === '';
      expect(teamDraft(snapshot.context) === null).toBe(unchanged);
    },
    'editing.ready': (snapshot) =>
      expect(snapshot.can({ type: 'team.save' })).toBe(hasChanges(snapshot.context)),
    'editing.ready.idle': (snapshot) => {
      // Editing a premium team at rest: nothing under way, adding is open.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.hasTag('lookingUp')).toBe(false);
      expect(snapshot.context.team?.team_status).toBe('active');
      expect(snapshot.can({ type: 'member.add' })).toBe(true);
    },
    'editing.ready.saved': (snapshot) => {
      expect(snapshot.context.team).toEqual(saved);
      expect(hasChanges(snapshot.context)).toBe(false);
    },
    'editing.ready.failed': (snapshot) => {
      // The save failed without a field error: the edits are kept, to be saved again.
      expect(hasChanges(snapshot.context)).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'team.save' })).toBe(true);
    },
    'editing.lookingUp': (snapshot) => {
      expect(snapshot.hasTag('lookingUp')).toBe(true);
      expect(snapshot.can({ type: 'team.save' })).toBe(false);
    },
    'editing.saving': (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.can({ type: 'team.save' })).toBe(false);
      expect(snapshot.can({ type: 'member.add' })).toBe(false);
    },
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <OwnerView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        screen.getByText('My team');
        expect(document.querySelector('[role="status"]')!.textContent).toBe('Loading your team…');
        expect(document.querySelector('table')).toBeNull();
      },
      unavailable: () => {
        screen.getByText("Couldn't load your team. Please try again.");
        expect(button('Try again').disabled).toBe(false);
        expect(document.querySelector('table')).toBeNull();
      },
      upgradeOffered: (snapshot) => {
        screen.getByText('A team is a Premium feature');
        const upgrade = screen.getByText('Upgrade to Premium').closest('a')!;
        expect(upgrade.getAttribute('href')).toBe(
          '/en/subscription/update?plan=premium&period=monthly',
        );
        // The team as it was, read-only: nothing to add, remove or save.
        screen.getByText(
          'Your team keeps its members; they get Premium features again once you upgrade.',
        );
        expect(usernames()).toEqual(snapshot.context.team!.users.map((u) => u.username));
        expect(buttons()).toEqual([]);
        expect(document.querySelector('input')).toBeNull();
      },
      editing: editor,
      'editing.ready': (snapshot) => {
        // Save is offered exactly when there is a change; adding and removing are open.
        expect(button('Save').disabled).toBe(!hasChanges(snapshot.context));
        expect(waits(button('Save'))).toBe(false);
        expect(button('Add').disabled).toBe(false);
        expect(waits(button('Add'))).toBe(false);
        expect(removeButtons().every((b) => !b.disabled)).toBe(true);
      },
      'editing.ready.idle': () => {
        absent(SAVED);
        absent(SAVE_FAILED);
      },
      'editing.ready.saved': () => {
        screen.getByText(SAVED);
        absent(SAVE_FAILED);
      },
      'editing.ready.failed': () => {
        screen.getByText(SAVE_FAILED);
        absent(SAVED);
      },
      'editing.lookingUp': () => {
        // The name is looked up: Add waits, no save meanwhile.
        expect(waits(button('Add'))).toBe(true);
        expect(button('Save').disabled).toBe(true);
        absent(SAVE_FAILED);
      },
      'editing.saving': () => {
        // Saving…: nothing else is taken until the server answers.
        const save = button('Saving…');
        expect(waits(save)).toBe(true);
        expect(save.disabled).toBe(true);
        expect(button('Add').disabled).toBe(true);
        expect(removeButtons().some((b) => !b.disabled)).toBe(false);
        absent(SAVE_FAILED);
        absent(SAVED);
      },
    },
  },
});

describe('the username field and the kept edit, on their edges', () => {
  /** The owner's saved team at rest; `looked` hears every name sent to the lookup. */
  async function editingTeam(looked: string[]) {
    const actor = createActor(
      teamOwnerMachine.provide({
        actors: {
          fetchOwnTeam: fromPromise(async () => saved),
          lookupUser: fromPromise<UserLookup, { username: string }>(async ({ input }) => {
            looked.push(input.username);
            throw notFound;
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'ready' }));
    return actor;
  }

  it('refuses a name against section 5 wherever the wrong character is, and looks the rest up', async () => {
    const looked: string[] = [];
    const actor = await editingTeam(looked);
    const add = (username: string) => {
      actor.send({ type: 'username.edit', username });
      actor.send({ type: 'member.add' });
      const problem = actor.getSnapshot().context.usernameError;
      const lookingUp = actor.getSnapshot().matches({ editing: 'lookingUp' });
      return lookingUp ? 'looked up' : problem;
    };
    // Spaces alone are no name at all.
    expect(add('   ')).toBe('required');
    // A character outside the rule at the start, in the middle or at the end.
    for (const name of ['!bob', 'b ob', 'bo/b', 'bob!', 'bob@example.com'])
      expect(add(name), name).toBe('username');
    expect(add('x'.repeat(151))).toBe('username');
    expect(looked).toEqual([]);
    // Letters of any script, digits, "-", "_" and "." pass, trimmed, up to 150 characters.
    for (const name of [' Иван_2.k-t ', 'x'.repeat(150)]) {
      expect(add(name), name).toBe('looked up');
      await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'ready' }));
    }
    expect(looked).toEqual(['Иван_2.k-t', 'x'.repeat(150)]);
    actor.stop();
  });

  it('keeps no edit when the session ends before the team loaded, or with spaces typed alone', async () => {
    const loading = createActor(teamOwnerMachine, { input: {} }).getSnapshot();
    expect(teamDraft(loading.context)).toBeNull();
    const actor = await editingTeam([]);
    actor.send({ type: 'username.edit', username: '  ' });
    expect(teamDraft(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: 'username.edit', username: ' bo ' });
    expect(teamDraft(actor.getSnapshot().context)).toEqual({
      users: saved.users,
      username: ' bo ',
    });
    actor.stop();
  });
});
