import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { ReauthForm, type SocialProvider } from '../contract/identity.ts';
import { errorCode } from './error-code.ts';
import { withError } from './event-params.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';

/** How this account can prove who it is: its password, a passkey, or a linked provider. */
export interface ReauthProofs {
  hasPassword: boolean;
  /** The account has a passkey (decision 0219). */
  hasPasskey: boolean;
  providers: SocialProvider[];
}
export interface ReauthValues {
  password: string;
}
export interface ReauthContext {
  proofs: ReauthProofs;
  serverErrors: ServerErrors;
  /** The server took the proof. */
  proven: boolean;
  /** Why the last passkey gave no proof, as an error code, else null. */
  passkeyError: string | null;
}
export type ReauthEvent =
  | form.Events<ReauthValues, 'password'>
  | { type: 'reauth.cancel' }
  | { type: 'reauth.retry' }
  | { type: 'passkey.use' };
/** Whether the user proved who they are: the refused call is then retried once. */
export interface ReauthOutput {
  proven: boolean;
}

/**
 * The app's re-authentication dialog (decision 0215), opened by the API client when a
 * sensitive action answered 403 `reauth_required`: the account's password (a wrong one
 * comes back at the field, as at sign-in), one of its passkeys (decision 0219), or, for
 * an account without a password, a sign-in with a linked provider that returns to the
 * page. It ends `proven` (the client retries
 * the action) or `cancelled` (the action's page shows its refusal).
 */
export const reauthMachine = setup({
  types: {
    context: {} as ReauthContext,
    events: {} as ReauthEvent,
    output: {} as ReauthOutput,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    loadProofs: fromPromise<ReauthProofs>(async () => {
      throw new Error('loadProofs is provided by the app');
    }),
    reauthenticate: fromPromise<void, ReauthValues>(async () => {
      throw new Error('reauthenticate is provided by the app');
    }),
    /** The browser asks for one of the account's passkeys; the server takes it as proof. */
    reauthenticateWithPasskey: fromPromise<void>(async () => {
      throw new Error('reauthenticateWithPasskey is provided by the app');
    }),
  },
  guards: {
    // Only an account with a password is asked for one.
    isValid: ({ context }, params: { values: ReauthValues }) =>
      context.proofs.hasPassword && v.safeParse(ReauthForm, params.values).success,
    hasPasskey: ({ context }) => context.proofs.hasPasskey,
  },
  actions: {
    ...form.actions<ReauthContext, ReauthEvent>(),
    keepProofs: assign({ proofs: (_, params: { proofs: ReauthProofs }) => params.proofs }),
    markProven: assign({ proven: true }),
    forgetPasskeyError: assign({ passkeyError: null }),
    keepPasskeyError: assign({
      passkeyError: (_, params: { error: unknown }) => errorCode(params.error),
    }),
  },
}).createMachine({
  id: 'reauth',
  context: {
    proofs: { hasPassword: true, hasPasskey: false, providers: [] },
    serverErrors: {},
    proven: false,
    passkeyError: null,
  },
  output: ({ context }) => ({ proven: context.proven }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The dialog opens: how this account can prove who it is loads.',
      tags: ['busy'],
      invoke: {
        id: 'loadProofs',
        src: 'loadProofs',
        onDone: {
          target: 'asking',
          actions: { type: 'keepProofs', params: ({ event }) => ({ proofs: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'It could not be loaded: Try again, or Cancel.',
      on: { 'reauth.retry': 'loading', 'reauth.cancel': 'cancelled' },
    },
    asking: {
      description:
        'The password, with Confirm and Cancel; an account without one signs in with a linked provider instead. An account with a passkey may Use a passkey.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'checking'),
        'passkey.use': {
          guard: 'hasPasskey',
          target: 'checkingPasskey',
          actions: 'forgetPasskeyError',
        },
        'reauth.cancel': 'cancelled',
      },
    },
    checkingPasskey: {
      description:
        "The browser asks for one of the account's passkeys, the server checks it. A refusal or a cancel comes back to the dialog with its message.",
      tags: ['busy'],
      invoke: {
        id: 'reauthenticateWithPasskey',
        src: 'reauthenticateWithPasskey',
        onDone: { target: 'proven', actions: 'markProven' },
        onError: withError('asking', 'keepPasskeyError'),
      },
    },
    checking: {
      description: 'The server checks the password.',
      tags: ['busy'],
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ event }) => ({
          password: form.submitted(event, 'form.submit').values.password,
        }),
        onDone: { target: 'proven', actions: 'markProven' },
        onError: form.backWithServerErrors('asking'),
      },
    },
    proven: {
      description: 'The user proved who they are: the refused action is retried.',
      type: 'final',
    },
    cancelled: {
      description: 'The user cancelled: the action stays refused, and its page says so.',
      type: 'final',
    },
  },
});
