import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { ReauthForm, type SocialProvider } from '../contract/identity.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';

/** How this account can prove who it is: its password, or a linked provider. */
export interface ReauthProofs {
  hasPassword: boolean;
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
}
export type ReauthEvent =
  form.Events<ReauthValues, 'password'> | { type: 'reauth.cancel' } | { type: 'reauth.retry' };
/** Whether the user proved who they are: the refused call is then retried once. */
export interface ReauthOutput {
  proven: boolean;
}

/**
 * The app's re-authentication dialog (decision 0215), opened by the API client when a
 * sensitive action answered 403 `reauth_required`: the account's password (a wrong one
 * comes back at the field, as at sign-in), or, for an account without one, a sign-in
 * with a linked provider that returns to the page. It ends `proven` (the client retries
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
  },
  guards: {
    // Only an account with a password is asked for one.
    isValid: ({ context }, params: { values: ReauthValues }) =>
      context.proofs.hasPassword && v.safeParse(ReauthForm, params.values).success,
  },
  actions: {
    ...form.actions<ReauthContext, ReauthEvent>(),
    keepProofs: assign({ proofs: (_, params: { proofs: ReauthProofs }) => params.proofs }),
    markProven: assign({ proven: true }),
  },
}).createMachine({
  id: 'reauth',
  context: { proofs: { hasPassword: true, providers: [] }, serverErrors: {}, proven: false },
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
        'The password, with Confirm and Cancel; an account without one signs in with a linked provider instead.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'checking'),
        'reauth.cancel': 'cancelled',
      },
    },
    checking: {
      description: 'The server checks the password.',
      tags: ['busy'],
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ event }) => ({
          password: event.type === 'form.submit' ? event.values.password : '',
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
