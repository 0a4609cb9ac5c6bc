import { assign, fromPromise, setup } from 'xstate';
import { ResetRequestForm } from '../contract/identity.ts';
import * as form from './form-parts.ts';

export interface ResetValues {
  email: string;
}
export interface PasswordResetContext extends form.FormContext {
  /** The address the link went to, once sent. */
  email: string;
}
export type PasswordResetEvent = form.Events<ResetValues, 'email'>;

/**
 * Password reset (/password/reset): the e-mail is sent when valid; the answer never
 * tells whether an account exists, so `sent` always says the same. An invalid submit
 * emits `validationFailed`. No timeouts.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    requestReset: fromPromise<void, ResetValues>(async () => {
      throw new Error('requestReset is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(ResetRequestForm),
  },
  actions: {
    ...form.actions<PasswordResetContext, PasswordResetEvent>(),
    keepEmail: assign({
      serverErrors: {},
      email: (_, params: { email: string }) => params.email.trim(),
    }),
  },
}).createMachine({
  id: 'passwordReset',
  context: { email: '', serverErrors: {} },
  initial: 'editing',
  states: {
    editing: {
      description: 'Field: email, and a Send button.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: { type: 'keepEmail', params: ({ event }) => ({ email: event.values.email }) },
          },
          { actions: ['clearServerErrors', 'reportValidationFailed'] },
        ],
      },
    },
    submitting: {
      description: 'Sends the reset link — Send waits.',
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: form.backWithServerErrors('editing'),
      },
    },
    sent: {
      description: 'The same answer for known and unknown addresses: check your e-mail.',
      type: 'final',
    },
  },
});
