import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  ChangeEmailForm,
  type AccountEmail,
  type PendingEmailChange,
} from '../contract/identity.ts';
import * as codeStep from './code-step.ts';
import { withOutput } from './event-params.ts';
import * as form from './form-parts.ts';

export interface AddressValues {
  email: string;
}
export interface EmailChangeContext extends codeStep.CodeStepContext {
  /** The address the last confirmed change made the account's, or null. */
  changedTo: string | null;
  /** How many times the address was changed here: a new, empty form after each. */
  changes: number;
}
/** What either form submits: the address form its `email`, the code form its `code`. */
export type EmailChangeValues = Partial<AddressValues & codeStep.CodeValues>;
export type EmailChangeEvent =
  | form.Events<EmailChangeValues, 'email' | 'code'>
  | { type: 'code.resend' }
  | { type: 'change.cancel' };

/**
 * "Email" on /security (decision 0217): a new address; the server wants a recent
 * sign-in (the app's re-auth dialog asks, and the request goes on), then mails a code
 * to the new address. The code form and the resend countdown run side by side, as on
 * sign-up's verification step (`resendCooldown`, `tick`); a wrong code comes back at
 * its field. Confirmed: the account has the new address, the old one has a notice with
 * a link to undo the change; a new, empty form for another change.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    emitted: {} as form.ValidationFailed,
  },
  actors: {
    startEmailChange: fromPromise<PendingEmailChange, AddressValues>(async () => {
      throw new Error('startEmailChange is provided by the app');
    }),
    confirmEmailChange: fromPromise<AccountEmail, codeStep.CodeValues>(async () => {
      throw new Error('confirmEmailChange is provided by the app');
    }),
    resendEmailChangeCode: fromPromise<PendingEmailChange>(async () => {
      throw new Error('resendEmailChangeCode is provided by the app');
    }),
  },
  guards: {
    isValidAddress: form.passes(ChangeEmailForm),
    isValidCode: codeStep.isValidCode,
    isTooEarly: codeStep.isTooEarly,
  },
  actions: {
    ...form.actions<EmailChangeContext, EmailChangeEvent>(),
    keepPending: assign((_, params: { pending: PendingEmailChange }) => ({
      ...codeStep.fromPending(params.pending),
      resent: false,
    })),
    ...codeStep.actions<EmailChangeContext, EmailChangeEvent>(),
    keepChanged: assign(({ context }, params: { changed: AccountEmail }) => ({
      changedTo: params.changed.email,
      changes: context.changes + 1,
    })),
  },
  delays: codeStep.delays,
}).createMachine({
  id: 'emailChange',
  context: {
    email: '',
    resendAt: 0,
    now: 0,
    resent: false,
    serverErrors: {},
    changedTo: null,
    changes: 0,
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The new address, with Send code.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValidAddress', 'requesting'),
      },
    },
    requesting: {
      description:
        'Mails a code to the new address (after the re-auth dialog, when the server asks).',
      tags: ['busy'],
      invoke: {
        id: 'startEmailChange',
        src: 'startEmailChange',
        // The address as the form's rule reads it (trimmed): the submit passed that rule.
        input: ({ event }) => v.parse(ChangeEmailForm, form.submitted(event, 'form.submit').values),
        onDone: withOutput('code', 'keepPending', 'pending'),
        onError: form.backWithServerErrors('editing'),
      },
    },
    code: {
      description:
        'The code mailed to the new address is entered; a new code can be requested after a countdown.',
      type: 'parallel',
      on: { 'change.cancel': { target: 'editing', actions: 'clearServerErrors' } },
      states: {
        entry: {
          description: 'The code form.',
          initial: 'editing',
          states: {
            editing: codeStep.editing('isValidCode', 'confirming'),
            confirming: {
              description: 'Checks the code; right, the address changes.',
              tags: ['busy'],
              invoke: {
                id: 'confirmEmailChange',
                src: 'confirmEmailChange',
                input: codeStep.submittedCode,
                onDone: withOutput('#emailChange.changed', 'keepChanged', 'changed'),
                onError: form.backWithServerErrors('editing'),
              },
            },
          },
        },
        resend: codeStep.resendRegion('resendEmailChangeCode'),
      },
    },
    changed: {
      description:
        'Changed: the account has the new address, the old one a notice with a link to undo; an empty form for another change.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValidAddress', 'requesting'),
      },
    },
  },
});
