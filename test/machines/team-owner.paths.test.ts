import { expect } from 'vitest';
import type { Team, TeamUser, UserLookup } from '../../contract/teams.ts';
import { FieldErrors } from '../../machines/field-errors.ts';
import {
  hasChanges,
  PremiumRequired,
  savedOverLimit,
  teamDraft,
  teamOwnerMachine,
} from '../../machines/team-owner.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

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

describeMachinePaths(teamOwnerMachine, {
  paths: 1410,
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
});
