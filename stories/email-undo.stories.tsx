import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { emailUndoMachine, type UndoRefusal } from '../machines/email-undo.machine.ts';
import { EmailUndoView } from '../src/views/email/email-undo.view.tsx';

interface Args {
  value: SnapshotFrom<typeof emailUndoMachine>['value'];
  refusal: UndoRefusal | null;
}

/** /email/undo/{token} (decision 0217): every state of the undo machine, every refusal. */
const meta = {
  title: 'Flows/Undo email change',
  render: ({ value, refusal }) => (
    <EmailUndoView
      snapshot={emailUndoMachine.resolveState({
        value,
        context: { email: value === 'undone' ? 'ann@example.com' : null, refusal },
      })}
      send={() => {}}
    />
  ),
  args: { value: 'asking', refusal: null },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Asking: Story = {};
export const Undoing: Story = { args: { value: 'undoing' } };
export const Failed: Story = { args: { value: 'failed' } };
export const Undone: Story = { args: { value: 'undone' } };
export const LinkUsed: Story = { args: { value: 'refused', refusal: 'token_used' } };
export const LinkSuperseded: Story = { args: { value: 'refused', refusal: 'token_superseded' } };
export const LinkExpired: Story = { args: { value: 'refused', refusal: 'token_expired' } };
export const LinkUnknown: Story = { args: { value: 'refused', refusal: 'wrong_token' } };
export const AddressTaken: Story = {
  args: { value: 'refused', refusal: 'user_already_exists' },
};
