import { fromPromise, setup } from 'xstate';
import { SecondFactorForm } from '../contract/identity.ts';
import * as codeStep from './code-step.ts';
import * as form from './form-parts.ts';
import * as session from './session-step.ts';

/** The code field's value: the authenticator app's six digits or a recovery code. */
export type SecondFactorValues = codeStep.CodeValues;
export interface SecondFactorContext extends form.FormContext, session.SessionStepContext {}
export type SecondFactorEvent = form.Events<SecondFactorValues, 'code'>;

/**
 * The sign-in's second step at /login/2 for an account with the authenticator app on
 * (decision 0218): the app's six digits or a recovery code. A wrong, reused or locked
 * code comes back at the field; a step the server no longer knows (expired, never
 * started here) ends in `sessionLost`, whose view sends the user to sign in again.
 */
export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    emitted: {} as form.ValidationFailed,
    output: {} as { next: string },
  },
  actors: {
    submitCode: fromPromise<{ next: string }, SecondFactorValues>(async () => {
      throw new Error('submitCode is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(SecondFactorForm),
    isTokenError: session.isTokenError,
  },
  actions: {
    ...form.actions<SecondFactorContext, SecondFactorEvent>(),
    ...session.actions<SecondFactorContext, SecondFactorEvent>(),
  },
}).createMachine({
  id: 'secondFactor',
  context: { serverErrors: {}, tokenError: null, next: '' },
  initial: 'editing',
  states: {
    editing: {
      description:
        "The code field: the authenticator app's code or a recovery code — a wrong one is refused at it.",
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'submitting'),
      },
    },
    submitting: {
      description: 'Checks the code.',
      tags: ['busy'],
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: codeStep.submittedCode,
        onDone: session.doneWithNext('signedIn'),
        onError: [session.lostOnTokenError('sessionLost'), form.backWithServerErrors('editing')],
      },
    },
    sessionLost: {
      description: 'The half-done sign-in is gone (expired or not started here): sign in again.',
    },
    signedIn: {
      description: 'Signed in: goes to next.',
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => ({ next: context.next }),
});
