import * as v from 'valibot';
import { assign, emit, fromPromise, setup } from 'xstate';
import { ResetRequestForm } from '../contract/identity.ts';
import { toServerErrors, withoutField, type ServerErrors } from './field-errors.ts';

export interface ResetValues {
  email: string;
}
export interface PasswordResetContext {
  /** The address the link went to, once sent. */
  email: string;
  serverErrors: ServerErrors;
}
export type PasswordResetEvent =
  { type: 'form.submit'; values: ResetValues } | { type: 'field.edit'; field: 'email' };

/**
 * Password reset (/password/reset): the e-mail is sent when valid; the answer never
 * tells whether an account exists, so `sent` always says the same. An invalid submit
 * emits `validationFailed`. No timeouts.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    emitted: {} as { type: 'validationFailed' },
  },
  actors: {
    requestReset: fromPromise<void, ResetValues>(async () => {
      throw new Error('requestReset is provided by the app');
    }),
  },
  guards: {
    isValid: (_, params: { values: ResetValues }) =>
      v.safeParse(ResetRequestForm, params.values).success,
  },
}).createMachine({
  id: 'passwordReset',
  context: { email: '', serverErrors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.edit': {
          actions: assign({
            serverErrors: ({ context, event }) => withoutField(context.serverErrors, event.field),
          }),
        },
        'form.submit': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ values: event.values }) },
            target: 'submitting',
            actions: assign({
              serverErrors: {},
              email: ({ event }) => event.values.email.trim(),
            }),
          },
          { actions: [assign({ serverErrors: {} }), emit({ type: 'validationFailed' })] },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: assign({ serverErrors: ({ event }) => toServerErrors(event.error) }),
        },
      },
    },
    sent: { type: 'final' },
  },
});
