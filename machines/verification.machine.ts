import { assign, fromPromise, setup } from 'xstate';
import type { PendingSignup } from '../contract/identity.ts';
import * as codeStep from './code-step.ts';
import * as form from './form-parts.ts';
import { ifOutput, withOutput } from './event-params.ts';
import * as session from './session-step.ts';
import { retryState } from './load-parts.ts';

export { ResendTooEarly, secondsLeft, type CodeValues } from './code-step.ts';
export {
  isTokenErrorCode,
  SignupTokenError,
  tokenErrorCodes,
  type TokenErrorCode,
} from './session-step.ts';

export interface VerificationInput {
  /** Where to go when the e-mail turns out to be confirmed already. */
  confirmedNext: string;
}
export interface VerificationContext extends codeStep.CodeStepContext, session.SessionStepContext {}
export type VerificationEvent =
  | form.Events<codeStep.CodeValues, 'code'>
  | { type: 'code.resend' }
  | { type: 'verification.retry' };

/** An `onError` branch: the server refused the sign-up session itself, which is lost. */
const sessionLostOnTokenError = session.lostOnTokenError('#verification.sessionLost');

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
    confirmCode: fromPromise<{ next: string }, codeStep.CodeValues>(async () => {
      throw new Error('confirmCode is provided by the app');
    }),
    resendCode: fromPromise<PendingSignup>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
  },
  guards: {
    isValid: codeStep.isValidCode,
    isConfirmed: (_, params: { pending: PendingSignup }) => params.pending.email_confirmed,
    isTokenError: session.isTokenError,
    isTooEarly: codeStep.isTooEarly,
  },
  actions: {
    keepPending: assign((_, params: { pending: PendingSignup }) =>
      codeStep.fromPending(params.pending),
    ),
    ...form.actions<VerificationContext, VerificationEvent>(),
    ...session.actions<VerificationContext, VerificationEvent>(),
    ...codeStep.actions<VerificationContext, VerificationEvent>(),
  },
  delays: codeStep.delays,
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
          ifOutput('isConfirmed', 'pending', 'confirmed'),
          withOutput('active', 'keepPending', 'pending'),
        ],
        onError: [sessionLostOnTokenError, { target: 'unavailable' }],
      },
    },
    unavailable: retryState(
      'verification.retry',
      'The pending sign-up could not be loaded, with Try again.',
    ),
    active: {
      description:
        'E-mail verification step: a code is entered — a new code can be requested after a countdown.',
      type: 'parallel',
      states: {
        code: {
          description: 'The code form.',
          initial: 'editing',
          states: {
            editing: codeStep.editing('isValid', 'submitting'),
            submitting: {
              description: 'Checks the code.',
              tags: ['busy'],
              invoke: {
                id: 'confirmCode',
                src: 'confirmCode',
                input: codeStep.submittedCode,
                onDone: session.doneWithNext('#verification.confirmed'),
                onError: [sessionLostOnTokenError, form.backWithServerErrors('editing')],
              },
            },
          },
        },
        resend: codeStep.resendRegion('resendCode', [sessionLostOnTokenError]),
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
