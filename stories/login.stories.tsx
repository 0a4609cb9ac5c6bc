import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { FieldErrors } from '../machines/field-errors.ts';
import { loginMachine, type LoginContext, type LoginValues } from '../machines/login.machine.ts';
import { LoginView } from '../src/views/login/login.view.tsx';
import { LoginNotice } from '../src/views/login/login-notice.tsx';
import { SocialSignInError } from '../src/views/login/social-buttons.tsx';
import { errorAt, LiveView } from './live.tsx';

interface Args {
  value: 'editing' | 'submitting' | 'passkey' | 'signedIn';
  context: LoginContext;
  /** What the address tells the page: `?notice=` or `?error=`. */
  banner?: 'profile_removed' | 'social_denied' | 'token_expired';
}

/** Sign-in (/login/1): one story per state of the login machine. */
const meta = {
  title: 'Flows/Sign in',
  render: ({ value, context, banner }) => (
    <>
      {banner === 'profile_removed' && <LoginNotice notice={banner} />}
      {(banner === 'social_denied' || banner === 'token_expired') && (
        <SocialSignInError code={banner} />
      )}
      <LoginView snapshot={loginMachine.resolveState({ value, context })} send={() => {}} />
    </>
  ),
  args: {
    value: 'editing',
    context: { next: '/en/profile', serverErrors: {}, passkeyError: null },
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};

export const UnknownAccount: Story = {
  args: {
    context: {
      next: '/en/profile',
      passkeyError: null,
      serverErrors: {
        login: {
          field: 'login',
          code: 'user_absent',
          detail: 'There is no profile with this email',
        },
      },
    },
  },
};

export const WrongPassword: Story = {
  args: {
    context: {
      next: '/en/profile',
      passkeyError: null,
      serverErrors: {
        password: {
          field: 'password',
          code: 'wrong_credentials',
          detail: 'The password is incorrect',
        },
      },
    },
  },
};

export const Submitting: Story = { args: { value: 'submitting' } };

/** The browser asks for a passkey: the button spins, what was typed stays. */
export const SigningInWithPasskey: Story = { args: { value: 'passkey' } };

const passkeyRefused = (passkeyError: string): Story => ({
  args: { context: { next: '/en/profile', serverErrors: {}, passkeyError } },
});

/** The server did not accept the passkey (`passkey_failed`). */
export const PasskeyNotAccepted: Story = passkeyRefused('passkey_failed');

/** The user closed the browser's passkey prompt, or it timed out (`NotAllowedError`). */
export const PasskeyCancelled: Story = passkeyRefused('passkey_cancelled');

/** Too many sign-in tries from here (429). */
export const PasskeyThrottled: Story = passkeyRefused('too_many_requests');

/** A browser without WebAuthn. */
export const PasskeyUnsupported: Story = passkeyRefused('passkey_unsupported');

export const SignedIn: Story = { args: { value: 'signedIn' } };

export const AfterProfileRemoval: Story = { args: { banner: 'profile_removed' } };

export const SocialSignInCancelled: Story = { args: { banner: 'social_denied' } };

/** A social sign-in that took too long or came back to another browser. */
export const SocialSignInLost: Story = { args: { banner: 'token_expired' } };

/**
 * The form on a live machine; the server refuses the password at its field, the user
 * cancels the passkey prompt, and the autofill offers nothing.
 */
function LiveLogin() {
  const machine = loginMachine.provide({
    actors: {
      submitLogin: fromPromise<{ next: string }, LoginValues & { next: string }>(async () => {
        throw new FieldErrors([
          { field: 'password', code: 'wrong_credentials', detail: 'The password is incorrect' },
        ]);
      }),
      signInWithPasskey: fromPromise<{ next: string }, { next: string }>(async () => {
        throw { code: 'passkey_cancelled' };
      }),
      watchPasskeyAutofill: fromPromise<{ next: string }, { next: string }>(
        () => new Promise<never>(() => {}),
      ),
    },
  });
  return (
    <LiveView machine={machine} input={{ next: '/en/profile' }}>
      {(props) => <LoginView {...props} />}
    </LiveView>
  );
}

const field = (canvas: ReturnType<typeof within>, name: RegExp) =>
  canvas.getByLabelText(name, { selector: 'input' });
const LOGIN = /^(Username or email|Имя пользователя или эл\. почта)/;
const PASSWORD = /^(Password|Пароль)/;
const SIGN_IN = /^(Sign in|Войти)$/;
const REQUIRED = /^(This field is required|Это поле обязательно)$/;

/** A wrong password: the refusal shows at the password field; what was typed stays. */
export const WrongPasswordTyped: Story = {
  render: () => <LiveLogin />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The preview's router draws the story a moment after it mounts.
    await userEvent.type(await canvas.findByLabelText(LOGIN, { selector: 'input' }), 'anna');
    await userEvent.type(field(canvas, PASSWORD), 'not-her-password');
    await userEvent.click(canvas.getByRole('button', { name: SIGN_IN }));
    const password = field(canvas, PASSWORD);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    await expect(errorAt(password)).toMatch(/^(The password is incorrect|Неверный пароль)$/);
    await expect(field(canvas, LOGIN)).toHaveValue('anna');
    await expect(password).toHaveValue('not-her-password');
    await expect(field(canvas, LOGIN)).not.toHaveAttribute('aria-invalid', 'true');
  },
};

/** Sent empty: each field says it is needed, and nothing is sent (no server refusal). */
export const SentEmpty: Story = {
  render: () => <LiveLogin />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: SIGN_IN }));
    await waitFor(() => expect(field(canvas, LOGIN)).toHaveAttribute('aria-invalid', 'true'));
    await expect(errorAt(field(canvas, LOGIN))).toMatch(REQUIRED);
    await expect(errorAt(field(canvas, PASSWORD))).toMatch(REQUIRED);
  },
};

/** A cancelled passkey prompt: its message shows, and the form keeps what was typed. */
export const PasskeyCancelledTyped: Story = {
  render: () => <LiveLogin />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(LOGIN, { selector: 'input' }), 'anna');
    await userEvent.click(
      canvas.getByRole('button', { name: /^(Sign in with a passkey|Войти с ключом доступа)$/ }),
    );
    await canvas.findByRole('alert');
    await expect(field(canvas, LOGIN)).toHaveValue('anna');
    await expect(canvas.getByRole('button', { name: SIGN_IN })).toBeEnabled();
  },
};
