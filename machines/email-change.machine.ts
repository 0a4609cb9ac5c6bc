import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  ChangeEmailForm,
  ConfirmForm,
  type AccountEmail,
  type PendingEmailChange,
} from '../contract/identity.ts';
import { fromError, fromOutput } from './event-params.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { ResendTooEarly, type CodeValues } from './verification.machine.ts';

export interface AddressValues {
  email: string;
}
export interface EmailChangeContext {
  /** The new address the code went to. */
  email: string;
  /** Local time (ms) from which a new code may be requested. */
  resendAt: number;
  /** The clock of the countdown (ms), moved by `tick`; the view derives the seconds. */
  now: number;
  /** A new code was sent for this change: the old one no longer works. */
  resent: boolean;
  serverErrors: ServerErrors;
  /** The address the last confirmed change made the account's, or null. */
  changedTo: string | null;
  /** How many times the address was changed here: a new, empty form after each. */
  changes: number;
}
/** What either form submits: the address form its `email`, the code form its `code`. */
export type EmailChangeValues = Partial<AddressValues & CodeValues>;
export type EmailChangeEvent =
  | form.Events<EmailChangeValues, 'email' | 'code'>
  | { type: 'code.resend' }
  | { type: 'change.cancel' };

const fromPending = (pending: PendingEmailChange) => ({
  email: pending.email,
  resendAt: Date.parse(pending.resend_available_at),
  now: Date.now(),
});

/** The values of a submit. */
const valuesOf = (event: EmailChangeEvent): EmailChangeValues =>
  event.type === 'form.submit' ? event.values : {};

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
    confirmEmailChange: fromPromise<AccountEmail, CodeValues>(async () => {
      throw new Error('confirmEmailChange is provided by the app');
    }),
    resendEmailChangeCode: fromPromise<PendingEmailChange>(async () => {
      throw new Error('resendEmailChangeCode is provided by the app');
    }),
  },
  guards: {
    isValidAddress: (_, params: { values: unknown }) =>
      v.safeParse(ChangeEmailForm, params.values).success,
    isValidCode: (_, params: { values: unknown }) =>
      v.safeParse(ConfirmForm, params.values).success,
    isTooEarly: (_, params: { error: unknown }) => params.error instanceof ResendTooEarly,
  },
  actions: {
    ...form.actions<EmailChangeContext, EmailChangeEvent>(),
    keepPending: assign((_, params: { pending: PendingEmailChange }) => ({
      ...fromPending(params.pending),
      resent: false,
    })),
    keepResentCode: assign((_, params: { pending: PendingEmailChange }) => ({
      ...fromPending(params.pending),
      resent: true,
      serverErrors: {},
    })),
    moveClock: assign({ now: () => Date.now() }),
    waitAfterRefusal: assign((_, params: { error: unknown }) => {
      const now = Date.now();
      const wait = params.error instanceof ResendTooEarly ? params.error.retryAfter : 0;
      return { now, resendAt: now + wait * 1000 };
    }),
    keepChanged: assign(({ context }, params: { changed: AccountEmail }) => ({
      changedTo: params.changed.email,
      changes: context.changes + 1,
    })),
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(0, context.resendAt - context.now),
    tick: 1000,
  },
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
        input: ({ event }) => ({ email: valuesOf(event).email?.trim() ?? '' }),
        onDone: {
          target: 'code',
          actions: { type: 'keepPending', params: fromOutput('pending') },
        },
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
            editing: {
              description: 'The code field — a wrong code is refused at it.',
              on: {
                'field.edit': form.forgetServerErrorOnEdit(),
                'form.submit': form.submitWhen('isValidCode', 'confirming'),
              },
            },
            confirming: {
              description: 'Checks the code; right, the address changes.',
              tags: ['busy'],
              invoke: {
                id: 'confirmEmailChange',
                src: 'confirmEmailChange',
                input: ({ event }) => ({ code: valuesOf(event).code?.trim() ?? '' }),
                onDone: {
                  target: '#emailChange.changed',
                  actions: { type: 'keepChanged', params: fromOutput('changed') },
                },
                onError: form.backWithServerErrors('editing'),
              },
            },
          },
        },
        resend: {
          description: 'Request a new code.',
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'The countdown until a new code may be requested.',
              initial: 'counting',
              after: { resendCooldown: 'ready' },
              states: {
                counting: {
                  description: 'The seconds left move every second.',
                  after: {
                    tick: { target: 'counting', reenter: true, actions: 'moveClock' },
                  },
                },
              },
            },
            ready: {
              description: 'A new code may be requested.',
              on: { 'code.resend': 'sending' },
            },
            sending: {
              description: 'Sends a new code — the previous one stops working.',
              tags: ['busy'],
              invoke: {
                id: 'resendEmailChangeCode',
                src: 'resendEmailChangeCode',
                onDone: {
                  target: 'coolingDown',
                  actions: { type: 'keepResentCode', params: fromOutput('pending') },
                },
                onError: [
                  {
                    guard: { type: 'isTooEarly', params: fromError },
                    target: 'coolingDown',
                    actions: { type: 'waitAfterRefusal', params: fromError },
                  },
                  // Any other failure went to the global handler; the user may try again.
                  { target: 'ready' },
                ],
              },
            },
          },
        },
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
