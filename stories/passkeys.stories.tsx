import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { passkeysMachine, type PasskeysContext } from '../machines/passkeys.machine.ts';
import { PasskeysView } from '../src/views/security/passkeys.view.tsx';
import { laptopPasskey, newPasskey, phonePasskey } from '../test/fixtures/passkeys.ts';
import { LiveView } from './live.tsx';
import { initialContext, renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof passkeysMachine>;

const two: PasskeysContext = {
  ...initialContext(passkeysMachine),
  passkeys: [laptopPasskey, phonePasskey],
};
const laptop = laptopPasskey.id;

/** "Passkeys" on /security (decision 0219): every state of its machine. */
const meta = {
  title: 'Flows/Security/Passkeys',
  render: renderState(passkeysMachine, PasskeysView),
  args: { value: 'ready', context: two },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const LoadFailed: Story = { args: { value: 'loadFailed' } };
export const NoPasskeys: Story = { args: { context: { ...two, passkeys: [] } } };
export const TwoPasskeys: Story = {};
export const NameMissing: Story = { args: { context: { ...two, draftError: 'required' } } };
export const Adding: Story = { args: { value: 'adding', context: { ...two, draft: 'Tablet' } } };
export const AddCancelled: Story = {
  args: { context: { ...two, draft: 'Tablet', error: 'passkey_cancelled' } },
};
export const Renaming: Story = {
  args: { value: 'renaming', context: { ...two, selected: laptop, rename: 'Home laptop' } },
};
export const RenameEmpty: Story = {
  args: {
    value: 'renaming',
    context: { ...two, selected: laptop, rename: '', renameError: 'required' },
  },
};
export const SavingName: Story = {
  args: { value: 'savingName', context: { ...two, selected: laptop, rename: 'Home laptop' } },
};
export const Confirming: Story = {
  args: { value: 'confirming', context: { ...two, selected: laptop } },
};
export const Removing: Story = {
  args: { value: 'removing', context: { ...two, selected: laptop } },
};
export const RemoveFailed: Story = { args: { context: { ...two, error: 'system' } } };

/** The block on a live machine, the browser and the server stood in for. */
function LivePasskeys() {
  const machine = passkeysMachine.provide({
    actors: {
      loadPasskeys: fromPromise(async () => [laptopPasskey]),
      registerPasskey: fromPromise(async ({ input }) => ({ ...newPasskey, name: input })),
      renamePasskey: fromPromise(async ({ input }) => ({ ...laptopPasskey, name: input.name })),
      removePasskey: fromPromise(async () => {}),
    },
  });
  return <LiveView machine={machine}>{(props) => <PasskeysView {...props} />}</LiveView>;
}

/** A name, Add a passkey: the new one is listed and the field is empty again. */
export const AddOne: Story = {
  render: () => <LivePasskeys />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await userEvent.type(canvas.getByRole('textbox'), 'Tablet');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add a passkey|Добавить)/ }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await expect(canvas.getByRole('textbox')).toHaveValue('');
  },
};
