import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { overLimit, TeamUser, type Team, type UserLookup } from '../contract/teams.ts';
import type { DraftValues } from './draft-offer.machine.ts';
import { toServerErrors, type FieldError, type ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromError, fromOutput, ifError, ifOutput, withOutput } from './event-params.ts';
import {
  fromStart,
  givenAtStart,
  loadState,
  retryState,
  startAnswer,
  startGiven,
} from './load-parts.ts';

/** Section 5's username rule: letters, digits and "-", "_", "." only. */
const USERNAME = /^[\p{L}\p{N}._-]{1,150}$/u;

/**
 * Why the username field refuses, besides the server's codes (user_not_found and the
 * common ones): the view owns the words of each.
 */
export type UsernameProblem = 'required' | 'username' | 'already_member';

/** What the save actor rejects with when the owner's own plan is no longer premium. */
export class PremiumRequired extends Error {
  constructor() {
    super('A team needs the premium plan');
    this.name = 'PremiumRequired';
  }
}

export interface TeamOwnerContext {
  /** The team as the server last answered it; null until loaded. */
  team: Team | null;
  /** The users as edited here, the owner first; saved with `team.save`. */
  users: TeamUser[];
  /** The text of the add-by-username field. */
  username: string;
  /** The message at the username field: a rule of ours, or the server's code. */
  usernameError: UsernameProblem | FieldError | null;
  /** The server's refusal of the list itself (pointer `users`). */
  serverErrors: ServerErrors;
}

export interface TeamOwnerInput {
  /** The own team, when the page brought it: the page shows at once. */
  team?: Team;
}

export type TeamOwnerEvent =
  | { type: 'username.edit'; username: string }
  | { type: 'member.add' }
  | { type: 'member.remove'; portalGuid: string }
  | { type: 'team.save' }
  | { type: 'team.retry' }
  // The unsaved edit kept when the session ended (decision 0025), put back.
  | { type: 'draft.restore'; values: DraftValues };

/** True when the team as saved has more users than its `max_size`: the tab's red dot. */
export function savedOverLimit(context: Pick<TeamOwnerContext, 'team'>): boolean {
  return context.team !== null && overLimit(context.team);
}

/** True when the list as edited differs from the saved one. */
export function hasChanges(context: Pick<TeamOwnerContext, 'team' | 'users'>): boolean {
  const saved = context.team?.users.map((u) => u.portal_guid) ?? [];
  const edited = context.users.map((u) => u.portal_guid);
  return saved.length !== edited.length || saved.some((guid, i) => guid !== edited[i]);
}

/** The edit to keep when the session ends: the members and the typed username, if changed. */
export function teamDraft(context: TeamOwnerContext): DraftValues | null {
  if (!hasChanges(context) && context.username.trim() === '') return null;
  return { users: context.users, username: context.username };
}

const KeptUsers = v.array(TeamUser);

/**
 * The owner tab (/teammanage/owner, sections 2 and 6): loads the own team with a
 * spinner. A team whose owner's own plan is not premium (team_status disabled, or a save
 * refused with premium_required) gets the upgrade offer instead. Otherwise the owner
 * adds members by username (looked up on the server: not found, or already in the team,
 * shows at the field), removes any member but themselves, and saves. The saved notice
 * goes after `savedNotice` (3 s). No other timeouts.
 */
export const teamOwnerMachine = setup({
  types: {
    context: {} as TeamOwnerContext,
    events: {} as TeamOwnerEvent,
    input: {} as TeamOwnerInput,
  },
  actors: {
    fetchOwnTeam: fromPromise<Team>(async () => {
      throw new Error('fetchOwnTeam is provided by the app');
    }),
    lookupUser: fromPromise<UserLookup, { username: string }>(async () => {
      throw new Error('lookupUser is provided by the app');
    }),
    saveTeam: fromPromise<Team, { users: string[] }>(async () => {
      throw new Error('saveTeam is provided by the app');
    }),
  },
  guards: {
    isDisabled: (_, params: { team: Team }) => params.team.team_status === 'disabled',
    givenAtStart,
    // The team the page brought is disabled (at the start).
    givenDisabled: ({ event }) => startAnswer<Team>(event, 'team')?.team_status === 'disabled',
    isUsernameEmpty: ({ context }) => context.username.trim() === '',
    isUsernameInvalid: ({ context }) => !USERNAME.test(context.username.trim()),
    isListedByName: ({ context }) =>
      context.users.some((user) => user.username === context.username.trim()),
    isListed: ({ context }, params: { user: UserLookup }) =>
      context.users.some((user) => user.portal_guid === params.user.portal_guid),
    isRemovable: ({ context }, params: { portalGuid: string }) =>
      context.users.some((user) => user.portal_guid === params.portalGuid && !user.owner),
    hasChanges: ({ context }) => hasChanges(context),
    isPremiumRequired: (_, params: { error: unknown }) => params.error instanceof PremiumRequired,
    hasUsernameError: (_, params: { error: unknown }) =>
      toServerErrors(params.error)['username'] !== undefined,
    hasFieldErrors: form.hasFieldErrors,
  },
  actions: {
    keepTeam: assign((_, params: { team: Team }) => ({
      team: params.team,
      users: params.team.users,
      serverErrors: {},
    })),
    keepUsername: assign({
      username: (_, params: { username: string }) => params.username,
      usernameError: null,
    }),
    refuseUsername: assign({
      usernameError: (_, params: { problem: UsernameProblem }) => params.problem,
    }),
    keepUsernameError: assign({
      usernameError: (_, params: { error: unknown }) =>
        toServerErrors(params.error)['username'] ?? null,
    }),
    addUser: assign({
      users: ({ context }, params: { user: UserLookup }) => [
        ...context.users,
        { ...params.user, owner: false },
      ],
      username: '',
      usernameError: null,
      serverErrors: {},
    }),
    removeUser: assign({
      users: ({ context }, params: { portalGuid: string }) =>
        context.users.filter((user) => user.portal_guid !== params.portalGuid),
      serverErrors: {},
    }),
    keepServerErrors: form.actions<TeamOwnerContext, TeamOwnerEvent>().keepServerErrors,
    // The kept members, the owner as the team has them now; what does not parse is left.
    restoreDraft: assign(({ context }, params: { values: DraftValues }) => {
      const kept = v.safeParse(KeptUsers, params.values['users']);
      const username = params.values['username'];
      return {
        users: kept.success
          ? [
              ...context.users.filter((user) => user.owner),
              ...kept.output.filter((user) => !user.owner),
            ]
          : context.users,
        username: typeof username === 'string' ? username : context.username,
        usernameError: null,
        serverErrors: {},
      };
    }),
  },
  delays: {
    savedNotice: 3000,
  },
}).createMachine({
  id: 'teamOwner',
  context: { team: null, users: [], username: '', usernameError: null, serverErrors: {} },
  initial: 'loading',
  states: {
    loading: loadState(
      'fetchOwnTeam',
      'A spinner while the own team loads.',
      [
        ifOutput('isDisabled', 'team', 'upgradeOffered', 'keepTeam'),
        withOutput('editing', 'keepTeam', 'team'),
      ],
      'unavailable',
      [
        {
          guard: 'givenDisabled',
          target: 'upgradeOffered',
          actions: { type: 'keepTeam', params: fromStart('team') },
        },
        startGiven('team', 'editing', 'keepTeam'),
      ],
    ),
    unavailable: retryState('team.retry', 'The team could not be loaded, with Try again.'),
    /** The own plan is not premium: a team is offered with an upgrade (section 2). */
    upgradeOffered: { description: 'Free-plan users cannot create a team: an upgrade is offered.' },
    editing: {
      description: 'Owner tab: edit members — the owner cannot be removed.',
      initial: 'ready',
      on: {
        'username.edit': {
          actions: {
            type: 'keepUsername',
            params: ({ event }) => ({ username: event.username }),
          },
        },
      },
      states: {
        ready: {
          description: 'The members and the field to add one by username.',
          initial: 'idle',
          on: {
            'member.add': [
              form.refuseWhen('isUsernameEmpty', 'refuseUsername', 'required'),
              form.refuseWhen('isUsernameInvalid', 'refuseUsername', 'username'),
              form.refuseWhen('isListedByName', 'refuseUsername', 'already_member'),
              { target: 'lookingUp' },
            ],
            'member.remove': {
              guard: {
                type: 'isRemovable',
                params: ({ event }) => ({ portalGuid: event.portalGuid }),
              },
              target: '.idle',
              actions: {
                type: 'removeUser',
                params: ({ event }) => ({ portalGuid: event.portalGuid }),
              },
            },
            'team.save': { guard: 'hasChanges', target: 'saving' },
            'draft.restore': {
              target: '.idle',
              actions: {
                type: 'restoreDraft',
                params: ({ event }) => ({ values: event.values }),
              },
            },
          },
          states: {
            idle: { description: 'Nothing saved yet.' },
            /** Just saved: a notice that goes after `savedNotice`. */
            saved: {
              description: 'Saved, for a few seconds.',
              after: { savedNotice: 'idle' },
            },
            /** The last save failed (the error went to the global handler). */
            failed: { description: 'The save was refused — the members stay as edited.' },
          },
        },
        lookingUp: {
          description: 'Looks up the username to add.',
          tags: ['lookingUp'],
          invoke: {
            id: 'lookupUser',
            src: 'lookupUser',
            input: ({ context }) => ({ username: context.username.trim() }),
            onDone: [
              {
                guard: { type: 'isListed', params: fromOutput('user') },
                target: 'ready',
                actions: { type: 'refuseUsername', params: { problem: 'already_member' } },
              },
              withOutput('ready', 'addUser', 'user'),
            ],
            onError: [
              ifError('hasUsernameError', 'ready', 'keepUsernameError'),
              // Reported by the actor (a toast); the field stays as typed.
              { target: 'ready' },
            ],
          },
        },
        saving: {
          description: 'Saves the members.',
          tags: ['busy'],
          invoke: {
            id: 'saveTeam',
            src: 'saveTeam',
            input: ({ context }) => ({
              users: context.users.filter((user) => !user.owner).map((user) => user.portal_guid),
            }),
            onDone: withOutput('ready.saved', 'keepTeam', 'team'),
            onError: [
              {
                guard: { type: 'isPremiumRequired', params: fromError },
                target: '#teamOwner.upgradeOffered',
              },
              form.backIfFieldErrors('ready.idle'),
              { target: 'ready.failed' },
            ],
          },
        },
      },
    },
  },
});
