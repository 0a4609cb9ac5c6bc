import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { SetPasswordForm } from '../contract/identity.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { ifError } from './event-params.ts';
import { Refusal } from './refusal.ts';

/** The reset link's token was refused: the user asks for a new link. */
export class ResetLinkInvalid extends Refusal {
  override readonly name = 'ResetLinkInvalid';
  constructor(code: string) {
    super('The reset link', code);
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
export type SetPasswordEvent = form.Events<NewPasswordValues, 'password'>;

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
    emitted: {} as form.ValidationFailed,
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
    ...form.actions<SetPasswordContext, SetPasswordEvent>(),
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
      description: 'The new password, in one field.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'submitting'),
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
          password: form.submitted(event, 'form.submit').values.password,
        }),
        onDone: 'changed',
        onError: [
          ifError('isLinkInvalid', 'linkInvalid', 'keepLinkError'),
          form.backWithServerErrors('editing'),
        ],
      },
    },
    linkInvalid: { description: 'The reset link is invalid or expired: ask for a new one.' },
    changed: { description: 'The password is changed — sign in with it.', type: 'final' },
  },
});
