import * as v from 'valibot';
import { assign, emit, fromPromise, setup } from 'xstate';
import { SetPasswordForm } from '../contract/identity.ts';
import { toServerErrors, withoutField, type ServerErrors } from './field-errors.ts';

/** The reset link's token was refused: the user asks for a new link. */
export class ResetLinkInvalid extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`The reset link was refused: ${code}`);
    this.name = 'ResetLinkInvalid';
    this.code = code;
  }
}

export interface NewPasswordValues {
  password: string;
}
export interface SetPasswordInput {
  token: string;
}
export interface SetPasswordContext {
  token: string;
  serverErrors: ServerErrors;
  /** The code the server refused the link with. */
  linkError: string | null;
}
export type SetPasswordEvent =
  { type: 'form.submit'; values: NewPasswordValues } | { type: 'field.edit'; field: 'password' };

/**
 * Set a new password (/password/set/{token}, the e-mailed link): the token is used
 * only when the form is posted. invalid_password comes back at the field; a refused
 * token (wrong_token, token_expired) ends in `linkInvalid`. No timeouts.
 */
export const setPasswordMachine = setup({
  types: {
    context: {} as SetPasswordContext,
    events: {} as SetPasswordEvent,
    input: {} as SetPasswordInput,
    emitted: {} as { type: 'validationFailed' },
  },
  actors: {
    savePassword: fromPromise<void, NewPasswordValues & { token: string }>(async () => {
      throw new Error('savePassword is provided by the app');
    }),
  },
  guards: {
    isValid: ({ context }, params: { values: NewPasswordValues }) =>
      v.safeParse(SetPasswordForm, { token: context.token, ...params.values }).success,
    isLinkInvalid: (_, params: { error: unknown }) => params.error instanceof ResetLinkInvalid,
  },
  actions: {
    forgetServerError: assign({
      serverErrors: ({ context }, params: { field: string }) =>
        withoutField(context.serverErrors, params.field),
    }),
    clearServerErrors: assign({ serverErrors: {} }),
    keepServerErrors: assign({
      serverErrors: (_, params: { error: unknown }) => toServerErrors(params.error),
    }),
    reportValidationFailed: emit({ type: 'validationFailed' as const }),
    keepLinkError: assign({
      linkError: (_, params: { error: unknown }) =>
        params.error instanceof ResetLinkInvalid ? params.error.code : null,
    }),
  },
}).createMachine({
  id: 'setPassword',
  context: ({ input }) => ({ token: input.token, serverErrors: {}, linkError: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The new password and its repetition.',
      on: {
        'field.edit': {
          actions: { type: 'forgetServerError', params: ({ event }) => ({ field: event.field }) },
        },
        'form.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: 'clearServerErrors',
          },
          { actions: ['clearServerErrors', 'reportValidationFailed'] },
        ],
      },
    },
    submitting: {
      description: 'Saves the new password.',
      tags: ['busy'],
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context, event }) => ({
          token: context.token,
          password: event.type === 'form.submit' ? event.values.password : '',
        }),
        onDone: 'changed',
        onError: [
          {
            guard: { type: 'isLinkInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
            actions: { type: 'keepLinkError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'keepServerErrors', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    linkInvalid: { description: 'The reset link is invalid or expired: ask for a new one.' },
    changed: { description: 'The password is changed — sign in with it.', type: 'final' },
  },
});
