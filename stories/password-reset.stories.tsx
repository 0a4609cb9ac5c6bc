import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { FieldErrors } from '../machines/field-errors.ts';
import { passwordResetMachine, type ResetValues } from '../machines/password-reset.machine.ts';
import { ResetView } from '../src/views/password/password-reset.view.tsx';
import { errorAt, LiveView } from './live.tsx';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof passwordResetMachine, 'editing' | 'submitting' | 'sent'>;

/** Password reset (/password/reset): one story per state of the reset machine. */
const meta = {
  title: 'Flows/Password reset',
  render: renderState(passwordResetMachine, ResetView),
  args: { value: 'editing', context: { email: '', serverErrors: {} } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const InvalidEmail: Story = {
  args: {
    context: {
      email: '',
      serverErrors: { email: { field: 'email', code: 'email', detail: 'Invalid' } },
    },
  },
};

export const Submitting: Story = {
  args: { value: 'submitting', context: { email: 'someone@example.com', serverErrors: {} } },
};

export const Sent: Story = {
  args: { value: 'sent', context: { email: 'someone@example.com', serverErrors: {} } },
};

/** The form on a live machine: the server takes any address but `refused@example.com`. */
function LiveReset() {
  const machine = passwordResetMachine.provide({
    actors: {
      requestReset: fromPromise<void, ResetValues>(async ({ input }) => {
        if (input.email === 'refused@example.com') {
          throw new FieldErrors([{ field: 'email', code: 'email', detail: 'Invalid' }]);
        }
      }),
    },
  });
  return <LiveView machine={machine}>{(props) => <ResetView {...props} />}</LiveView>;
}

const EMAIL = /^(Email|Эл\. почта)/;
const SEND = /^(Send|Отправить)$/;
const INVALID = /^(Please enter a valid email address|Введите корректный адрес эл\. почты)$/;

/** Not an address: the rule shows at the field when sent, and nothing goes out. */
export const NotAnAddress: Story = {
  render: () => <LiveReset />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByLabelText(EMAIL, { selector: 'input' });
    await userEvent.type(email, 'someone.example.com');
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await waitFor(() => expect(errorAt(email)).toMatch(INVALID));
    await expect(email).toHaveValue('someone.example.com');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** The server refuses the address: its word shows at the field, the address stays. */
export const RefusedByServer: Story = {
  render: () => <LiveReset />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByLabelText(EMAIL, { selector: 'input' });
    await userEvent.type(email, 'refused@example.com');
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await waitFor(() => expect(errorAt(email)).toMatch(INVALID));
    await expect(email).toHaveValue('refused@example.com');
  },
};

/** Sent: the same answer whoever asked, naming the address typed. */
export const SentToTyped: Story = {
  render: () => <LiveReset />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(EMAIL, { selector: 'input' }),
      'anna@example.com',
    );
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    const sent = await canvas.findByRole('status');
    await expect(sent).toHaveTextContent('anna@example.com');
  },
};
