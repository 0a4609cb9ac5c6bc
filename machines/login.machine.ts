import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { LoginForm } from '../contract/auth.ts';
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
}
export type LoginEvent = form.Events<LoginValues, LoginField>;

/**
 * Sign-in (/login/1): the form is edited, submitted when valid, refused fields come
 * back as server errors at their fields and clear when the field is edited. An
 * invalid submit emits `validationFailed` (the view scrolls to the form) and sends
 * nothing. Ends in `signedIn` with the address to go to.
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
  },
  guards: {
    isValid: (_, params: { values: LoginValues }) => v.safeParse(LoginForm, params.values).success,
  },
  actions: {
    ...form.actions<LoginContext, LoginEvent>(),
    keepNext: assign({ next: (_, params: { next: string }) => params.next }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ next: input.next, serverErrors: {} }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The form: login and password, links to /signup/ and /password/reset/, social sign-in buttons.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'submitting'),
      },
    },
    submitting: {
      description: 'Signs in — the form waits.',
      tags: ['busy'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context, event }) => ({
          ...(event.type === 'form.submit' ? event.values : { login: '', password: '' }),
          next: context.next,
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output.next }) },
        },
        onError: form.backWithServerErrors('editing'),
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
