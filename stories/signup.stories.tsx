import type { Meta, StoryObj } from '@storybook/react-vite';
import { signupMachine, type SignupContext } from '../machines/signup.machine.ts';
import { SignupView } from '../src/views/signup/signup.view.tsx';
import { SocialButtons } from '../src/views/login/social-buttons.tsx';

interface Args {
  value: 'editing' | 'submitting' | 'registered';
  context: SignupContext;
}

const next = '/en/profile';

/** Sign-up step 0 (/signup/0): one story per state of the sign-up machine. */
const meta = {
  title: 'Flows/Sign up',
  render: ({ value, context }) => (
    <SignupView
      snapshot={signupMachine.resolveState({ value, context })}
      send={() => {}}
      social={<SocialButtons intent="signup" next={next} onChoose={() => {}} />}
    />
  ),
  args: { value: 'editing', context: { next, serverErrors: {} } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const UserAlreadyExists: Story = {
  args: {
    context: {
      next,
      serverErrors: {
        email: { field: 'email', code: 'user_already_exists', detail: 'A profile exists' },
      },
    },
  },
};

export const InvalidPassword: Story = {
  args: {
    context: {
      next,
      serverErrors: {
        password: { field: 'password', code: 'invalid_password', detail: 'Too weak' },
      },
    },
  },
};

export const Submitting: Story = { args: { value: 'submitting' } };

export const Registered: Story = { args: { value: 'registered' } };
