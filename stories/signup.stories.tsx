import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { FieldErrors } from '../machines/field-errors.ts';
import {
  signupMachine,
  type SignupContext,
  type SignupValues,
} from '../machines/signup.machine.ts';
import { SignupView } from '../src/views/signup/signup.view.tsx';
import { SocialButtons } from '../src/views/login/social-buttons.tsx';
import { errorAt, LiveView } from './live.tsx';

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

/** The form on a live machine: the server knows anna@example.com already. */
function LiveSignup() {
  const machine = signupMachine.provide({
    actors: {
      submitSignup: fromPromise<{ next: string }, SignupValues & { next: string }>(
        async ({ input }) => {
          if (input.email === 'anna@example.com') {
            throw new FieldErrors([
              { field: 'email', code: 'user_already_exists', detail: 'user_already_exists' },
            ]);
          }
          return { next: '/en/signup/1' };
        },
      ),
    },
  });
  return (
    <LiveView machine={machine} input={{ next }}>
      {(props) => (
        <SignupView
          {...props}
          social={<SocialButtons intent="signup" next={next} onChoose={() => {}} />}
        />
      )}
    </LiveView>
  );
}

/**
 * An address that has an account: the refusal at the e-mail field with a way to sign in
 * with it; the password and the ticked terms stay.
 */
export const AddressTaken: Story = {
  render: () => <LiveSignup />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByLabelText(/^(Email|Эл\. почта)/, { selector: 'input' });
    const password = canvas.getByLabelText(/^(Password|Пароль)/, { selector: 'input' });
    await userEvent.type(email, 'anna@example.com');
    await userEvent.type(password, 'Tundra-Harbor-92');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(
      canvas.getByRole('button', { name: /^(Create an account|Создать аккаунт)$/ }),
    );
    await waitFor(() =>
      expect(errorAt(email)).toMatch(
        /^(A profile with this email already exists\.|Профиль с таким адресом эл\. почты уже существует\.)$/,
      ),
    );
    await expect(
      canvas.getByRole('link', { name: /^(Sign in with this email|Войти с этим адресом)$/ }),
    ).toBeVisible();
    await expect(password).toHaveValue('Tundra-Harbor-92');
    await expect(canvas.getByRole('checkbox')).toBeChecked();
  },
};
