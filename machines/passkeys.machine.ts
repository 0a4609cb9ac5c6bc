import { assign, fromPromise, setup } from 'xstate';
import { PASSKEY_NAME_MAX, type Passkey } from '../contract/passkeys.ts';
import { errorCode } from './error-code.ts';
import { fromError, withError, withOutput } from './event-params.ts';
import { loadState, retryState } from './load-parts.ts';

export interface PasskeysContext {
  passkeys: Passkey[];
  /** The name typed for the next passkey. */
  draft: string;
  /** Why that name was refused here ('required', 'maxLength'), else null. */
  draftError: string | null;
  /** The passkey being renamed, or whose removal is asked or under way. */
  selected: string | null;
  /** The new name typed while renaming. */
  rename: string;
  renameError: string | null;
  /** Why the last action failed (an error code), shown under the list. */
  error: string | null;
}

export type PasskeysEvent =
  | { type: 'passkeys.retry' }
  | { type: 'name.change'; value: string }
  | { type: 'passkey.add' }
  | { type: 'rename.start'; id: string }
  | { type: 'rename.change'; value: string }
  | { type: 'rename.save' }
  | { type: 'rename.cancel' }
  | { type: 'passkey.remove'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

/** A passkey name's problem, as the server would say it; null when it is fine. */
export function nameProblem(value: string): 'required' | 'maxLength' | null {
  const name = value.trim();
  if (name === '') return 'required';
  return name.length > PASSKEY_NAME_MAX ? 'maxLength' : null;
}

/**
 * "Passkeys" on /security (decision 0219): the account's passkeys with when each was
 * added and last used; a name and Add a passkey (the browser makes it, the server
 * saves it); Rename in place; Remove after a confirmation. A passkey the server no
 * longer knows (removed from another browser) leaves the list as if this had removed it.
 * Adding and removing may ask for the password first (decision 0215): the app's dialog
 * does that inside the call, so a cancelled dialog is the call's failure.
 */
export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
  },
  actors: {
    loadPasskeys: fromPromise<Passkey[]>(async () => {
      throw new Error('loadPasskeys is provided by the app');
    }),
    /** The browser makes the passkey, the server saves it under the name. */
    registerPasskey: fromPromise<Passkey, string>(async () => {
      throw new Error('registerPasskey is provided by the app');
    }),
    renamePasskey: fromPromise<Passkey, { id: string; name: string }>(async () => {
      throw new Error('renamePasskey is provided by the app');
    }),
    removePasskey: fromPromise<void, string>(async () => {
      throw new Error('removePasskey is provided by the app');
    }),
  },
  actions: {
    keepPasskeys: assign({ passkeys: (_, params: { passkeys: Passkey[] }) => params.passkeys }),
    typeName: assign({
      draft: (_, params: { value: string }) => params.value,
      draftError: null,
    }),
    refuseName: assign({ draftError: ({ context }) => nameProblem(context.draft) }),
    startAdding: assign({ error: null, draftError: null }),
    keepAdded: assign({
      passkeys: ({ context }, params: { passkey: Passkey }) => [
        ...context.passkeys,
        params.passkey,
      ],
      draft: '',
    }),
    select: assign({
      selected: (_, params: { id: string }) => params.id,
      rename: ({ context }, params: { id: string }) =>
        context.passkeys.find((p) => p.id === params.id)?.name ?? '',
      renameError: null,
      error: null,
    }),
    typeRename: assign({
      rename: (_, params: { value: string }) => params.value,
      renameError: null,
    }),
    refuseRename: assign({ renameError: ({ context }) => nameProblem(context.rename) }),
    keepRenamed: assign({
      passkeys: ({ context }, params: { passkey: Passkey }) =>
        context.passkeys.map((p) => (p.id === params.passkey.id ? params.passkey : p)),
      selected: null,
    }),
    dropSelected: assign({
      passkeys: ({ context }) => context.passkeys.filter((p) => p.id !== context.selected),
      selected: null,
    }),
    unselect: assign({ selected: null }),
    clearError: assign({ error: null }),
    keepError: assign({
      selected: null,
      error: (_, params: { error: unknown }) => errorCode(params.error),
    }),
    keepRenameError: assign({
      error: (_, params: { error: unknown }) => errorCode(params.error),
    }),
  },
  guards: {
    draftFine: ({ context }) => nameProblem(context.draft) === null,
    renameFine: ({ context }) => nameProblem(context.rename) === null,
    isListed: ({ context }, params: { id: string }) =>
      context.passkeys.some((p) => p.id === params.id),
    alreadyGone: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
  },
}).createMachine({
  id: 'passkeys',
  context: {
    passkeys: [],
    draft: '',
    draftError: null,
    selected: null,
    rename: '',
    renameError: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: loadState(
      'loadPasskeys',
      "The account's passkeys load.",
      withOutput('ready', 'keepPasskeys', 'passkeys'),
      'loadFailed',
    ),
    loadFailed: retryState('passkeys.retry', 'The passkeys could not be loaded, with Try again.'),
    ready: {
      description: 'The list, each passkey with Rename and Remove; a name and Add a passkey.',
      on: {
        'name.change': {
          actions: { type: 'typeName', params: ({ event }) => ({ value: event.value }) },
        },
        'passkey.add': [
          { guard: 'draftFine', target: 'adding', actions: 'startAdding' },
          { actions: 'refuseName' },
        ],
        'rename.start': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'renaming',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
        'passkey.remove': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirming',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    adding: {
      description: 'The browser makes the passkey (the user confirms it), the server saves it.',
      tags: ['busy'],
      invoke: {
        id: 'registerPasskey',
        src: 'registerPasskey',
        input: ({ context }) => context.draft.trim(),
        onDone: withOutput('ready', 'keepAdded', 'passkey'),
        onError: withError('ready', 'keepError'),
      },
    },
    renaming: {
      description: 'The selected passkey shows its name in a field, with Save and Cancel.',
      on: {
        'rename.change': {
          actions: { type: 'typeRename', params: ({ event }) => ({ value: event.value }) },
        },
        'rename.save': [
          { guard: 'renameFine', target: 'savingName', actions: 'clearError' },
          { actions: 'refuseRename' },
        ],
        'rename.cancel': { target: 'ready', actions: 'unselect' },
      },
    },
    savingName: {
      description: 'The new name is saved.',
      tags: ['busy'],
      invoke: {
        id: 'renamePasskey',
        src: 'renamePasskey',
        input: ({ context }) => ({ id: context.selected ?? '', name: context.rename.trim() }),
        onDone: withOutput('ready', 'keepRenamed', 'passkey'),
        onError: [
          {
            guard: { type: 'alreadyGone', params: fromError },
            target: 'ready',
            actions: 'dropSelected',
          },
          // The field keeps what was typed, to save again.
          withError('renaming', 'keepRenameError'),
        ],
      },
    },
    confirming: {
      description: 'Asks to confirm the removal of the selected passkey.',
      on: {
        'remove.confirm': 'removing',
        'remove.cancel': { target: 'ready', actions: 'unselect' },
      },
    },
    removing: {
      description: 'The selected passkey is removed.',
      tags: ['busy'],
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => context.selected ?? '',
        onDone: { target: 'ready', actions: 'dropSelected' },
        onError: [
          {
            guard: { type: 'alreadyGone', params: fromError },
            target: 'ready',
            actions: 'dropSelected',
          },
          withError('ready', 'keepError'),
        ],
      },
    },
  },
});
