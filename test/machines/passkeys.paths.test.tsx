import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Passkey } from '../../contract/passkeys.ts';
import { nameProblem, passkeysMachine } from '../../machines/passkeys.machine.ts';
import { PasskeysView } from '../../src/views/security/passkeys.view.tsx';
import { laptopPasskey, newPasskey, phonePasskey } from '../fixtures/passkeys.ts';
import { describeMachinePaths, errorOf, internalEvents, outputOf } from './path-harness.ts';
import { englishView } from './path-view.tsx';
import { listLoad } from './load-paths.ts';

type Snapshot = SnapshotFrom<typeof passkeysMachine>;
const laptop = laptopPasskey;
const phone = phonePasskey;

/** What each passkey's row says after its name. */
const ROW_AFTER_NAME: Record<string, string> = {
  [laptop.id]: 'added November 2, 2026 · not used yetRenameRemove',
  [phone.id]: 'added November 10, 2026 · last used November 25, 2026 · syncedRenameRemove',
  [newPasskey.id]: 'added November 27, 2026 · not used yetRenameRemove',
};
const WORDS: Record<string, string> = {
  required: 'This field is required',
  maxLength: 'Must be at most 64 characters',
  system: 'Something went wrong. Try again later.',
  passkey_cancelled: 'No passkey was created: it was cancelled or took too long.',
  reauth_required: 'For your security, confirm it is you: enter your password again.',
};
const title = () => screen.getByRole('heading', { level: 2, name: 'Passkeys' });
const rows = () => screen.queryAllByRole('listitem');
const add = () => screen.getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement;
const nameField = () => screen.getByLabelText('Name of the new passkey') as HTMLInputElement;
const renameField = () => screen.queryByLabelText('New name of the passkey') as HTMLInputElement;
const dialog = () => screen.queryByRole('alertdialog');
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

/** Each passkey in order, the one renamed as a field instead of its row. */
function listed(snapshot: Snapshot) {
  const { passkeys, selected } = snapshot.context;
  const editing = snapshot.matches('renaming') || snapshot.matches('savingName');
  const texts = rows().map((row) =>
    within(row).queryByRole('textbox') ? 'field' : row.textContent,
  );
  expect(texts).toEqual(
    passkeys.map((p) =>
      editing && p.id === selected ? 'field' : `${p.name}${ROW_AFTER_NAME[p.id]}`,
    ),
  );
  if (passkeys.length === 0) screen.getByText('You have no passkeys yet.');
  expect(nameField().value).toBe(snapshot.context.draft);
}
const rowButtons = () =>
  screen.queryAllByRole('button', { name: /^(Rename|Remove) / }) as HTMLButtonElement[];

/** Decision 0219: a passkey's name is 1 to 64 characters, trimmed. */
function problemOf(name: string): 'required' | 'maxLength' | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  return trimmed.length <= 64 ? null : 'maxLength';
}
const without = (passkeys: Passkey[], id: string | null) => passkeys.filter((p) => p.id !== id);
/** The passkeys load, with Try again when they could not be. */
const loaded = listLoad({
  load: 'loadPasskeys',
  field: 'passkeys',
  retry: 'passkeys.retry',
  heading: title,
  failed: "Couldn't load your passkeys.",
});

describeMachinePaths(passkeysMachine, {
  paths: 179,
  // Issue 34, capability 6, and decision 0219: the passkeys load; a named passkey is
  // added (the name required, 64 characters at most); a listed one is renamed in place
  // or removed after a confirmation; one already gone leaves the list without a word;
  // any other failure is said, and a refused rename keeps its field.
  steps: {
    ...loaded.steps,
    ready: {
      'name.change': (_, event) => ({
        to: 'ready',
        set: { draft: (event as { value: string }).value, draftError: null },
      }),
      'passkey.add': ({ context }) => {
        const problem = problemOf(context.draft);
        return problem === null
          ? {
              to: 'adding',
              set: { error: null, draftError: null },
              starts: { registerPasskey: context.draft.trim() },
            }
          : { to: 'ready', set: { draftError: problem } };
      },
      'rename.start': ({ context }, event) => {
        const id = (event as { id: string }).id;
        const found = context.passkeys.find((p) => p.id === id);
        return found
          ? {
              to: 'renaming',
              set: { selected: id, rename: found.name, renameError: null, error: null },
            }
          : { to: 'ready' };
      },
      'passkey.remove': ({ context }, event) => {
        const id = (event as { id: string }).id;
        const found = context.passkeys.find((p) => p.id === id);
        return found
          ? {
              to: 'confirming',
              set: { selected: id, rename: found.name, renameError: null, error: null },
            }
          : { to: 'ready' };
      },
    },
    adding: {
      'done: registerPasskey': ({ context }, event) => ({
        to: 'ready',
        set: { passkeys: [...context.passkeys, outputOf(event)], draft: '' },
      }),
      'error: registerPasskey': (_, event) => ({
        to: 'ready',
        set: { selected: null, error: errorOf(event).code },
      }),
    },
    renaming: {
      'rename.change': (_, event) => ({
        to: 'renaming',
        set: { rename: (event as { value: string }).value, renameError: null },
      }),
      'rename.save': ({ context }) => {
        const problem = problemOf(context.rename);
        return problem === null
          ? {
              to: 'savingName',
              set: { error: null },
              starts: { renamePasskey: { id: context.selected, name: context.rename.trim() } },
            }
          : { to: 'renaming', set: { renameError: problem } };
      },
      'rename.cancel': { to: 'ready', set: { selected: null } },
    },
    savingName: {
      'done: renamePasskey': ({ context }, event) => ({
        to: 'ready',
        set: {
          passkeys: context.passkeys.map((p) =>
            p.id === context.selected ? (outputOf(event) as Passkey) : p,
          ),
          selected: null,
        },
      }),
      'error: renamePasskey': ({ context }, event) =>
        errorOf(event).code === 'not_found'
          ? {
              to: 'ready',
              set: { passkeys: without(context.passkeys, context.selected), selected: null },
            }
          : { to: 'renaming', set: { error: errorOf(event).code } },
    },
    confirming: {
      'remove.confirm': ({ context }) => ({
        to: 'removing',
        starts: { removePasskey: context.selected },
      }),
      'remove.cancel': { to: 'ready', set: { selected: null } },
    },
    removing: {
      'done: removePasskey': ({ context }) => ({
        to: 'ready',
        set: { passkeys: without(context.passkeys, context.selected), selected: null },
      }),
      'error: removePasskey': ({ context }, event) =>
        errorOf(event).code === 'not_found'
          ? {
              to: 'ready',
              set: { passkeys: without(context.passkeys, context.selected), selected: null },
            }
          : { to: 'ready', set: { selected: null, error: errorOf(event).code } },
    },
  },
  events: (snapshot) => [
    { type: 'passkeys.retry' },
    // A good name typed with spaces around (the empty one is where the form starts).
    { type: 'name.change', value: ' Tablet ' },
    { type: 'passkey.add' },
    // A listed passkey, not the first (an unlisted one is no step: the guard refuses it).
    { type: 'rename.start', id: phone.id },
    // Spaces alone, and a new name typed with spaces around.
    { type: 'rename.change', value: '  ' },
    { type: 'rename.change', value: ' Work phone ' },
    { type: 'rename.save' },
    { type: 'rename.cancel' },
    { type: 'passkey.remove', id: laptop.id },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    ...internalEvents(snapshot, {
      loadPasskeys: { output: [[laptop, phone], []] },
      registerPasskey: {
        // One new passkey: the list stays finite.
        output: snapshot.context.passkeys.some((p) => p.id === newPasskey.id) ? [] : [newPasskey],
        error: [{ code: 'passkey_cancelled' }],
      },
      renamePasskey: {
        output: [{ ...phone, name: snapshot.context.rename.trim() }],
        error: [{ code: 'not_found' }, { code: 'system' }],
      },
      removePasskey: { error: [{ code: 'not_found' }, { code: 'reauth_required' }] },
    }),
  ],
  // What tells states apart for the paths: how many passkeys, whether a failure is
  // said and whether each name would pass. The steps check the exact context all the same.
  serialize: (snapshot) => ({
    passkeys: snapshot.context.passkeys.length,
    // A failure said: the next add, rename or removal must take it away.
    failed: snapshot.context.error !== null,
    draft: problemOf(snapshot.context.draft),
    rename: problemOf(snapshot.context.rename),
    // While renaming and saving, a new name typed with spaces around (it is saved trimmed).
    spaced:
      (snapshot.matches('renaming') || snapshot.matches('savingName')) &&
      snapshot.context.rename !== snapshot.context.rename.trim(),
  }),
  states: {
    ...loaded.states,
    loadFailed: (snapshot) => {
      loaded.states.loadFailed(snapshot);
      expect(snapshot.can({ type: 'passkey.add' })).toBe(false);
    },
    ready: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.selected).toBeNull();
    },
    adding: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(problemOf(snapshot.context.draft)).toBeNull();
    },
    renaming: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.passkeys.some((p) => p.id === snapshot.context.selected)).toBe(true);
    },
    savingName: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(problemOf(snapshot.context.rename)).toBeNull();
    },
    confirming: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.selected).toBe(laptop.id);
    },
    removing: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.selected).toBe(laptop.id);
    },
  },
  view: {
    render: englishView(PasskeysView),
    states: {
      loading: loaded.views.loading,
      loadFailed: () => {
        loaded.views.loadFailed();
        expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
      },
      ready: (snapshot) => {
        title();
        listed(snapshot);
        expect(add().disabled).toBe(false);
        expect(add().hasAttribute('data-loading')).toBe(false);
        for (const button of rowButtons()) expect(button.disabled).toBe(false);
        const { draftError, error } = snapshot.context;
        expect(nameField().getAttribute('aria-invalid') === 'true').toBe(draftError !== null);
        if (draftError) screen.getByText(WORDS[draftError]!);
        expect(alertText()).toBe(error === null ? null : WORDS[error]);
        expect(dialog()).toBeNull();
      },
      adding: (snapshot) => {
        title();
        listed(snapshot);
        expect(add().hasAttribute('data-loading')).toBe(true);
        for (const button of rowButtons()) expect(button.disabled).toBe(true);
        expect(alertText()).toBeNull();
      },
      renaming: (snapshot) => {
        title();
        listed(snapshot);
        expect(renameField().value).toBe(snapshot.context.rename);
        const { renameError, error } = snapshot.context;
        expect(renameField().getAttribute('aria-invalid') === 'true').toBe(renameError !== null);
        if (renameError) screen.getByText(WORDS[renameError]!);
        expect(alertText()).toBe(error === null ? null : WORDS[error]);
        expect(add().disabled).toBe(true);
      },
      savingName: (snapshot) => {
        title();
        listed(snapshot);
        expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('data-loading')).toBe(
          true,
        );
        expect(alertText()).toBeNull();
      },
      confirming: () => {
        title();
        const open = dialog();
        expect(open).not.toBeNull();
        within(open!).getByText('Remove the passkey?');
        within(open!).getByText(laptop.name);
        expect(add().disabled).toBe(true);
      },
      removing: () => {
        const open = dialog();
        expect(open).not.toBeNull();
        expect(
          within(open!).getByRole('button', { name: /Remov/ }).hasAttribute('data-loading'),
        ).toBe(true);
      },
    },
  },
});

describe('a passkey name, checked in the block as the server checks it', () => {
  it('is refused as required when empty or spaces alone', () => {
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('   ')).toBe('required');
  });
  it('takes 1 to 64 characters, the spaces around not counted', () => {
    expect(nameProblem('a')).toBeNull();
    expect(nameProblem('a'.repeat(64))).toBeNull();
    expect(nameProblem(` ${'a'.repeat(64)} `)).toBeNull();
  });
  it('is refused as too long from 65 characters', () => {
    expect(nameProblem('a'.repeat(65))).toBe('maxLength');
    expect(nameProblem(` ${'a'.repeat(65)} `)).toBe('maxLength');
  });
});
