import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { ConfirmForm, type PendingSignup } from '../contract/identity.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';
import { fromError, fromOutput } from './event-params.ts';
import { isOneOf } from '../contract/one-of.ts';

/**
 * Section 8: the confirmation (or sign-up) session is gone or not valid. On the code
 * step the user gets a new code by signing in again; on the details step sign-up
 * restarts at /signup/0.
 */
export const tokenErrorCodes = [
  'token_not_found',
  'wrong_token',
  'token_expired',
  'email_not_confirmed',
] as const;
export type TokenErrorCode = (typeof tokenErrorCodes)[number];

export function isTokenErrorCode(code: string): code is TokenErrorCode {
  return isOneOf(tokenErrorCodes, code);
}

/** What an actor rejects with when the server refused the sign-up session itself. */
export class SignupTokenError extends Error {
  readonly code: TokenErrorCode;
  constructor(code: TokenErrorCode) {
    super(`The sign-up session was refused: ${code}`);
    this.name = 'SignupTokenError';
    this.code = code;
  }
}

/** The server refused a new code before its cooldown ended (resend_too_early). */
export class ResendTooEarly extends Error {
  /** Seconds until a new code may be requested. */
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super(`A new code may be requested in ${retryAfter} s`);
    this.name = 'ResendTooEarly';
    this.retryAfter = retryAfter;
  }
}

export interface CodeValues {
  code: string;
}
export interface VerificationInput {
  /** Where to go when the e-mail turns out to be confirmed already. */
  confirmedNext: string;
}
export interface VerificationContext {
  email: string;
  /** Local time (ms) from which a new code may be requested. */
  resendAt: number;
  /** The clock of the countdown (ms), moved by `tick`; the view derives the seconds. */
  now: number;
  /** A new code was sent on this page: the old one no longer works. */
  resent: boolean;
  serverErrors: ServerErrors;
  tokenError: TokenErrorCode | null;
  next: string;
}
export type VerificationEvent =
  form.Events<CodeValues, 'code'> | { type: 'code.resend' } | { type: 'verification.retry' };

/** Seconds left until a new code may be requested, for display. */
export function secondsLeft(context: Pick<VerificationContext, 'resendAt' | 'now'>): number {
  return Math.max(0, Math.ceil((context.resendAt - context.now) / 1000));
}

const fromPending = (pending: PendingSignup) => ({
  email: pending.email,
  resendAt: Date.parse(pending.resend_available_at),
  now: Date.now(),
});

/** An `onError` branch: the server refused the sign-up session itself, which is lost. */
const sessionLostOnTokenError = {
  guard: { type: 'isTokenError' as const, params: fromError },
  target: '#verification.sessionLost',
  actions: { type: 'keepTokenError' as const, params: fromError },
};

/**
 * E-mail verification (/signup/1 and /login/2): loads the pending sign-up, then the
 * code form and the resend countdown run side by side. The countdown is the state
 * `resend.coolingDown`: it ends after `resendCooldown` (until the server's
 * resend_available_at, or its retry_after when it refused a new code too early) and
 * moves the displayed clock every `tick` (1 s). Token errors end in `sessionLost`,
 * whose view offers a new code (by signing in), never a new sign-up.
 */
export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as VerificationInput,
    emitted: {} as form.ValidationFailed,
    output: {} as { next: string },
  },
  actors: {
    fetchPending: fromPromise<PendingSignup>(async () => {
      throw new Error('fetchPending is provided by the app');
    }),
    confirmCode: fromPromise<{ next: string }, CodeValues>(async () => {
      throw new Error('confirmCode is provided by the app');
    }),
    resendCode: fromPromise<PendingSignup>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
  },
  guards: {
    isValid: (_, params: { values: CodeValues }) => v.safeParse(ConfirmForm, params.values).success,
    isConfirmed: (_, params: { pending: PendingSignup }) => params.pending.email_confirmed,
    isTokenError: (_, params: { error: unknown }) => params.error instanceof SignupTokenError,
    isTooEarly: (_, params: { error: unknown }) => params.error instanceof ResendTooEarly,
  },
  actions: {
    keepPending: assign((_, params: { pending: PendingSignup }) => fromPending(params.pending)),
    ...form.actions<VerificationContext, VerificationEvent>(),
    keepNext: assign({ next: (_, params: { next: string }) => params.next }),
    moveClock: assign({ now: () => Date.now() }),
    keepResentCode: assign((_, params: { pending: PendingSignup }) => ({
      ...fromPending(params.pending),
      resent: true,
      serverErrors: {},
    })),
    waitAfterRefusal: assign((_, params: { error: unknown }) => {
      const now = Date.now();
      const wait = params.error instanceof ResendTooEarly ? params.error.retryAfter : 0;
      return { now, resendAt: now + wait * 1000 };
    }),
    keepTokenError: assign({
      tokenError: (_, params: { error: unknown }) =>
        params.error instanceof SignupTokenError ? params.error.code : null,
    }),
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(0, context.resendAt - context.now),
    tick: 1000,
  },
}).createMachine({
  id: 'verification',
  context: ({ input }) => ({
    email: '',
    resendAt: 0,
    now: 0,
    resent: false,
    serverErrors: {},
    tokenError: null,
    next: input.confirmedNext,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The pending sign-up loads.',
      tags: ['busy'],
      invoke: {
        id: 'fetchPending',
        src: 'fetchPending',
        onDone: [
          {
            guard: { type: 'isConfirmed', params: fromOutput('pending') },
            target: 'confirmed',
          },
          {
            target: 'active',
            actions: { type: 'keepPending', params: fromOutput('pending') },
          },
        ],
        onError: [sessionLostOnTokenError, { target: 'unavailable' }],
      },
    },
    unavailable: {
      description: 'The pending sign-up could not be loaded, with Try again.',
      on: { 'verification.retry': 'loading' },
    },
    active: {
      description:
        'E-mail verification step: a code is entered — a new code can be requested after a countdown.',
      type: 'parallel',
      states: {
        code: {
          description: 'The code form.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field — a wrong code is refused at it.',
              on: {
                'field.edit': form.forgetServerErrorOnEdit(),
                'form.submit': form.submitWhen('isValid', 'submitting'),
              },
            },
            submitting: {
              description: 'Checks the code.',
              tags: ['busy'],
              invoke: {
                id: 'confirmCode',
                src: 'confirmCode',
                input: ({ event }) => ({
                  code: event.type === 'form.submit' ? event.values.code.trim() : '',
                }),
                onDone: {
                  target: '#verification.confirmed',
                  actions: {
                    type: 'keepNext',
                    params: ({ event }) => ({ next: event.output.next }),
                  },
                },
                onError: [sessionLostOnTokenError, form.backWithServerErrors('editing')],
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
                    tick: {
                      target: 'counting',
                      reenter: true,
                      actions: 'moveClock',
                    },
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
                id: 'resendCode',
                src: 'resendCode',
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
                  sessionLostOnTokenError,
                  // Any other failure went to the global handler; the user may try again.
                  { target: 'ready' },
                ],
              },
            },
          },
        },
      },
    },
    sessionLost: {
      description:
        'The sign-up session is gone: a new code is offered (by signing in), never a new sign-up.',
    },
    confirmed: {
      description: 'The e-mail is confirmed: goes on to the details step or next.',
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => ({ next: context.next }),
});
