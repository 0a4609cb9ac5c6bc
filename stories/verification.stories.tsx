import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMachine } from '@xstate/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise, type StateValue } from 'xstate';
import type { PendingSignup } from '../contract/identity.ts';
import { FieldErrors } from '../machines/field-errors.ts';
import {
  verificationMachine,
  type CodeValues,
  type VerificationContext,
} from '../machines/verification.machine.ts';
import { VerificationView } from '../src/views/verification/verification.view.tsx';
import { errorAt, LiveView } from './live.tsx';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof verificationMachine, StateValue>;

const now = Date.parse('2026-11-23T00:00:00Z');
const base: VerificationContext = {
  email: 'new@example.com',
  resendAt: now + 42_000,
  now,
  resent: false,
  serverErrors: {},
  tokenError: null,
  next: '/en/signup/2',
};
const active = (code: 'editing' | 'submitting', resend: StateValue) => ({
  active: { code, resend },
});
const counting = { coolingDown: 'counting' };
const codeError = (code: string) => ({
  ...base,
  serverErrors: { code: { field: 'code', code, detail: code } },
});

/** The e-mail code (/signup/1, /login/2): one story per state of the verification machine. */
const meta = {
  title: 'Flows/Email verification',
  render: renderState(verificationMachine, VerificationView),
  args: { value: active('editing', counting), context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };

export const Unavailable: Story = { args: { value: 'unavailable' } };

/** The machine itself runs here, so the countdown moves every second as on the page. */
const runningMachine = verificationMachine.provide({
  actors: {
    fetchPending: fromPromise<PendingSignup>(async () => ({
      email: base.email,
      resend_available_at: new Date(Date.now() + 42_000).toISOString(),
      code_expires_at: new Date(Date.now() + 600_000).toISOString(),
      email_confirmed: false,
    })),
  },
});
function RunningCountdown() {
  const [snapshot, send] = useMachine(runningMachine, { input: { confirmedNext: base.next } });
  return <VerificationView snapshot={snapshot} send={send} />;
}
export const CountingDown: Story = { render: () => <RunningCountdown /> };

/** The countdown at one moment, for comparing pictures. */
export const CountingDownStill: Story = {};

export const OneSecondLeft: Story = { args: { context: { ...base, resendAt: now + 1_000 } } };

export const WrongCode: Story = { args: { context: codeError('wrong_confirmation_code') } };

export const CodeExpired: Story = {
  args: { value: active('editing', 'ready'), context: codeError('confirmation_expired') },
};

export const TooManyAttempts: Story = {
  args: {
    value: active('editing', 'ready'),
    context: codeError('max_confirmation_attempts_exceeded'),
  },
};

export const Submitting: Story = { args: { value: active('submitting', counting) } };

export const ReadyToResend: Story = {
  args: { value: active('editing', 'ready'), context: { ...base, resendAt: now } },
};

export const Resending: Story = {
  args: { value: active('editing', 'sending'), context: { ...base, resendAt: now } },
};

export const Resent: Story = {
  args: { context: { ...base, resendAt: now + 60_000, resent: true } },
};

export const SessionLost: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'token_not_found' } },
};

export const ConfirmationReplaced: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'wrong_token' } },
};

export const ConfirmationExpired: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'token_expired' } },
};

export const EmailNotConfirmed: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'email_not_confirmed' } },
};

export const Confirmed: Story = { args: { value: 'confirmed' } };

/** The code step on a live machine: the server takes 424242 and refuses any other code. */
function LiveCode() {
  const machine = runningMachine.provide({
    actors: {
      confirmCode: fromPromise<{ next: string }, CodeValues>(async ({ input }) => {
        if (input.code === '424242') return { next: base.next };
        throw new FieldErrors([
          { field: 'code', code: 'wrong_confirmation_code', detail: 'wrong_confirmation_code' },
        ]);
      }),
    },
  });
  return (
    <LiveView machine={machine} input={{ confirmedNext: base.next }}>
      {(props) => <VerificationView {...props} />}
    </LiveView>
  );
}

const CODE = /^(Verification code|Код подтверждения)/;
const CONFIRM = /^(Confirm|Подтвердить)$/;

/** A wrong code: the refusal shows at the field, the code typed stays; editing clears it. */
export const WrongCodeTyped: Story = {
  render: () => <LiveCode />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = await canvas.findByLabelText(CODE, { selector: 'input' });
    await userEvent.type(code, '111111');
    await userEvent.click(canvas.getByRole('button', { name: CONFIRM }));
    await waitFor(() =>
      expect(errorAt(code)).toMatch(/^(Invalid verification code|Неверный код подтверждения)$/),
    );
    await expect(code).toHaveValue('111111');
    await userEvent.clear(code);
    await userEvent.type(code, '424242');
    await waitFor(() => expect(errorAt(code)).not.toMatch(/verification code|код подтверждения/i));
  },
};
