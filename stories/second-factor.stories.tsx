import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  secondFactorMachine,
  type SecondFactorContext,
} from '../machines/second-factor.machine.ts';
import { SecondFactorView } from '../src/views/login/second-factor.view.tsx';
import { refusedAt } from './args.ts';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<
  typeof secondFactorMachine,
  'editing' | 'submitting' | 'sessionLost' | 'signedIn'
>;

const base: SecondFactorContext = { serverErrors: {}, tokenError: null, next: '/en/profile' };

/** The sign-in's code step at /login/2 (decision 0218): one story per state. */
const meta = {
  title: 'Flows/Sign-in code from the app',
  render: renderState(secondFactorMachine, SecondFactorView),
  args: { value: 'editing', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
export const WrongCode: Story = {
  args: { context: refusedAt(base, 'code', 'wrong_confirmation_code', 'x') },
};
export const Locked: Story = {
  args: { context: refusedAt(base, 'code', 'max_confirmation_attempts_exceeded', 'x') },
};
export const Submitting: Story = { args: { value: 'submitting' } };
export const Expired: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'token_expired' } },
};
export const NotStartedHere: Story = {
  args: { value: 'sessionLost', context: { ...base, tokenError: 'token_not_found' } },
};
export const SignedIn: Story = { args: { value: 'signedIn' } };
