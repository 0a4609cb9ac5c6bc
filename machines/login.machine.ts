import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { LoginForm } from '../contract/auth.ts';
import { errorCode } from './error-code.ts';
import { withError } from './event-params.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';

export type LoginField = 'login' | 'password';
export interface LoginValues {
  login: string;
  password: string;
}
export interface LoginInput {
  next: string;
}
export interface LoginContext {
  next: string;
  serverErrors: ServerErrors;
  /**
   * Why the last passkey sign-in failed, as an error code (`passkey_failed`,
   * `too_many_requests`, `passkey_cancelled`, `passkey_unsupported`, `system`), else null.
   */
  passkeyError: string | null;
}
export type LoginEvent = form.Events<LoginValues, LoginField> | { type: 'passkey.start' };

/**
 * Sign-in (/login/1): the form is edited, submitted when valid, refused fields come
 * back as server errors at their fields and clear when the field is edited. An
 * invalid submit emits `validationFailed` (the view scrolls to the form) and sends
 * nothing. A passkey signs in too (decision 0219): from the button, or from the
 * browser's autofill, which waits for one while the form waits for the user. Ends in
 * `signedIn` with the address to go to.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as form.ValidationFailed,
    output: {} as { next: string },
  },
  actors: {
    submitLogin: fromPromise<{ next: string }, LoginValues & { next: string }>(async () => {
      throw new Error('submitLogin is provided by the app');
    }),
    /** The browser asks for a passkey now; the server signs in with it. */
    signInWithPasskey: fromPromise<{ next: string }, { next: string }>(async () => {
      throw new Error('signInWithPasskey is provided by the app');
    }),
    /**
     * The browser's autofill offers the passkeys (conditional mediation) and waits for
     * the user to pick one; it settles only then. Stopped, it withdraws the offer.
     */
    watchPasskeyAutofill: fromPromise<{ next: string }, { next: string }>(async () => {
      throw new Error('watchPasskeyAutofill is provided by the app');
    }),
  },
  guards: {
    isValid: (_, params: { values: LoginValues }) => v.safeParse(LoginForm, params.values).success,
  },
  actions: {
    ...form.actions<LoginContext, LoginEvent>(),
    keepNext: assign({ next: (_, params: { next: string }) => params.next }),
    forgetPasskeyError: assign({ passkeyError: null }),
    keepPasskeyError: assign({
      passkeyError: (_, params: { error: unknown }) => errorCode(params.error),
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ next: input.next, serverErrors: {}, passkeyError: null }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The form: login and password, Sign in with a passkey, links to /signup/ and /password/reset/, social sign-in buttons.',
      initial: 'offering',
      states: {
        offering: {
          description:
            "The login field's autofill offers the browser's passkeys, where the browser can, until the user picks one.",
          invoke: {
            id: 'watchPasskeyAutofill',
            src: 'watchPasskeyAutofill',
            input: ({ context }) => ({ next: context.next }),
            onDone: {
              target: '#login.signedIn',
              actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output.next }) },
            },
            onError: withError('idle', 'keepPasskeyError'),
          },
        },
        idle: {
          description:
            'A passkey picked from the autofill was refused and is told; the autofill offers nothing more until the form is sent or the button is tried.',
        },
      },
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'submitting'),
        'passkey.start': { target: 'passkey', actions: 'forgetPasskeyError' },
      },
    },
    submitting: {
      description: 'Signs in with the password — the form waits.',
      tags: ['busy'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context, event }) => ({
          ...form.submitted(event, 'form.submit').values,
          next: context.next,
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output.next }) },
        },
        onError: form.backWithServerErrors('editing'),
      },
    },
    passkey: {
      description:
        'The browser asks for a passkey, the server signs in with it — the form waits, keeping what was typed. A refusal, a cancel or a browser without passkeys comes back to the form with its message.',
      tags: ['busy'],
      invoke: {
        id: 'signInWithPasskey',
        src: 'signInWithPasskey',
        input: ({ context }) => ({ next: context.next }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output.next }) },
        },
        onError: withError('editing', 'keepPasskeyError'),
      },
    },
    signedIn: {
      description:
        "Signed in: goes to next, or to the second step (/login/2): e-mail verification when the e-mail is not confirmed, the authenticator app's code when it is on.",
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => ({ next: context.next }),
});
