import type { Meta, StoryObj } from '@storybook/react-vite';
import type { StateValue } from 'xstate';
import { emailChangeMachine, type EmailChangeContext } from '../machines/email-change.machine.ts';
import { EmailChangeView } from '../src/views/security/email-change.view.tsx';
import { refusedAt } from './args.ts';

interface Args {
  value: StateValue;
  context: EmailChangeContext;
}

const now = Date.parse('2026-11-27T00:00:00Z');
const base: EmailChangeContext = {
  email: '',
  resendAt: 0,
  now,
  resent: false,
  serverErrors: {},
  changedTo: null,
  changes: 0,
};
/** A code went to the new address; a new one may be asked for in 42 s. */
const pending: EmailChangeContext = {
  ...base,
  email: 'new@example.com',
  resendAt: now + 42_000,
};
const code = (entry: 'editing' | 'confirming', resend: StateValue) => ({
  code: { entry, resend },
});
const counting = { coolingDown: 'counting' };

/** "Email" on /security (decision 0217): one story per state of the machine. */
const meta = {
  title: 'Flows/Change email',
  render: ({ value, context }) => (
    <EmailChangeView
      snapshot={emailChangeMachine.resolveState({ value, context })}
      send={() => {}}
      currentEmail="ann@example.com"
    />
  ),
  args: { value: 'editing', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const AddressTaken: Story = {
  args: { context: refusedAt(base, 'email', 'user_already_exists') },
};

export const Requesting: Story = { args: { value: 'requesting' } };

export const CodeCountingDown: Story = {
  args: { value: code('editing', counting), context: pending },
};

export const WrongCode: Story = {
  args: {
    value: code('editing', counting),
    context: refusedAt(pending, 'code', 'wrong_confirmation_code'),
  },
};

export const TooManyWrongCodes: Story = {
  args: {
    value: code('editing', 'ready'),
    context: refusedAt(pending, 'code', 'max_confirmation_attempts_exceeded'),
  },
};

export const NewCodeReady: Story = {
  args: { value: code('editing', 'ready'), context: pending },
};

export const SendingNewCode: Story = {
  args: { value: code('editing', 'sending'), context: pending },
};

export const NewCodeSent: Story = {
  args: { value: code('editing', counting), context: { ...pending, resent: true } },
};

export const Confirming: Story = {
  args: { value: code('confirming', counting), context: pending },
};

export const Changed: Story = {
  args: {
    value: 'changed',
    context: { ...pending, changedTo: 'new@example.com', changes: 1 },
  },
  render: ({ value, context }) => (
    <EmailChangeView
      snapshot={emailChangeMachine.resolveState({ value, context })}
      send={() => {}}
      currentEmail="new@example.com"
    />
  ),
};
