import type { Meta, StoryObj } from '@storybook/react-vite';
import { reauthMachine, type ReauthContext } from '../machines/reauth.machine.ts';
import { ReauthView } from '../src/views/reauth/reauth.view.tsx';
import { refusedAt } from './args.ts';

interface Args {
  value: 'loading' | 'loadFailed' | 'asking' | 'checking' | 'checkingPasskey';
  context: ReauthContext;
}

const base: ReauthContext = {
  proofs: { hasPassword: true, hasPasskey: false, providers: [] },
  serverErrors: {},
  proven: false,
  passkeyError: null,
};
const withPasskey: ReauthContext = { ...base, proofs: { ...base.proofs, hasPasskey: true } };

/**
 * The app's re-auth dialog (decision 0215), opened over any page when a sensitive action
 * answered `reauth_required`: one story per state that draws it (`proven` and
 * `cancelled` close it).
 */
const meta = {
  title: 'Flows/Re-authentication',
  render: ({ value, context }) => (
    <ReauthView
      snapshot={reauthMachine.resolveState({ value, context })}
      send={() => {}}
      returnTo="/en/security"
    />
  ),
  args: { value: 'asking', context: base },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };

export const LoadFailed: Story = { args: { value: 'loadFailed' } };

export const Asking: Story = {};

export const WrongPassword: Story = {
  args: {
    context: refusedAt(base, 'password', 'wrong_credentials', 'Wrong'),
  },
};

export const TooManyTries: Story = {
  args: {
    context: refusedAt(base, 'password', 'too_many_requests', 'Too many'),
  },
};

export const Checking: Story = { args: { value: 'checking' } };

export const WithoutPassword: Story = {
  args: {
    context: {
      ...base,
      proofs: { hasPassword: false, hasPasskey: false, providers: ['yandex', 'github'] },
    },
  },
};

/** An account with a passkey: Use a passkey besides the password. */
export const WithPasskey: Story = { args: { context: withPasskey } };

/** The browser asks for the passkey, the server checks it. */
export const CheckingPasskey: Story = { args: { value: 'checkingPasskey', context: withPasskey } };

/** The prompt was cancelled or timed out. */
export const PasskeyCancelled: Story = {
  args: { context: { ...withPasskey, passkeyError: 'passkey_cancelled' } },
};

/** The server did not take the passkey (another account's, say). */
export const PasskeyNotAccepted: Story = {
  args: { context: { ...withPasskey, passkeyError: 'passkey_failed' } },
};

/** No password: the passkey or the linked provider. */
export const PasskeyWithoutPassword: Story = {
  args: {
    context: {
      ...withPasskey,
      proofs: { hasPassword: false, hasPasskey: true, providers: ['yandex'] },
    },
  },
};
