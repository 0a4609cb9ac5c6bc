import { assign, fromPromise, setup } from 'xstate';
import { ChangePasswordForm } from '../contract/identity.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';

export interface PasswordChangeValues {
  current_password: string;
  password: string;
}
export interface PasswordChangeContext {
  serverErrors: ServerErrors;
  /** How many times the password was changed here: a new, empty form after each. */
  changes: number;
}
export type PasswordChangeEvent = form.Events<
  PasswordChangeValues,
  'current_password' | 'password'
>;

/**
 * "Password" on /security (decision 0216): the current password and a new one under
 * the sign-up's rules. The server wants a recent sign-in (the app's re-auth dialog
 * asks, and the save goes on); a wrong current password comes back at its field, a
 * weak or guessable new one at its own. Saved: every other browser is signed out and a
 * notice mailed; the form is empty again. An account without a password has nothing to
 * change: the page shows no form and runs no machine for it.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    changePassword: fromPromise<void, PasswordChangeValues>(async () => {
      throw new Error('changePassword is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(ChangePasswordForm),
  },
  actions: {
    ...form.actions<PasswordChangeContext, PasswordChangeEvent>(),
    countChange: assign({ changes: ({ context }) => context.changes + 1 }),
  },
}).createMachine({
  id: 'passwordChange',
  context: { serverErrors: {}, changes: 0 },
  initial: 'editing',
  states: {
    editing: {
      description: 'The current password and the new one, with Change password.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'saving'),
      },
    },
    saving: {
      description: 'Saves the new password (after the re-auth dialog, when the server asks).',
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => form.submitted(event, 'form.submit').values,
        onDone: { target: 'changed', actions: 'countChange' },
        onError: form.backWithServerErrors('editing'),
      },
    },
    changed: {
      description:
        'Changed: every other browser is signed out and a notice mailed; an empty form for another change.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'saving'),
      },
    },
  },
});
