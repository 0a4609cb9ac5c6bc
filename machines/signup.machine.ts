import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { isStrongPassword, PASSWORD_MIN, SignupForm } from '../contract/identity.ts';
import type { ServerErrors } from './field-errors.ts';
import * as form from './form-parts.ts';

export type SignupField = 'email' | 'password' | 'agree';
export interface SignupValues {
  email: string;
  password: string;
  agree: boolean;
}
export interface SignupInput {
  next: string;
}
export interface SignupContext {
  next: string;
  serverErrors: ServerErrors;
}
export type SignupEvent = form.Events<SignupValues, SignupField>;

/**
 * The form's rules: the contract's, with the checkbox as the boolean the form holds and
 * section 5's minimum length told apart from the rest of the password rule.
 */
export const SignupValuesSchema = v.object({
  email: SignupForm.entries.email,
  password: v.pipe(
    v.string(),
    v.nonEmpty('required'),
    v.minLength(PASSWORD_MIN, 'minLength'),
    v.check(isStrongPassword, 'invalid_password'),
  ),
  agree: v.literal(true, 'required'),
});

/**
 * Sign-up step 0 (/signup/0): e-mail, password and the terms checkbox. An invalid
 * submit emits `validationFailed` and sends nothing; refused fields
 * (user_already_exists, invalid_password) come back at their fields and clear on
 * edit. Ends in `registered` with the server's next step (the e-mail code).
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
    emitted: {} as form.ValidationFailed,
    output: {} as { next: string },
  },
  actors: {
    submitSignup: fromPromise<{ next: string }, SignupValues & { next: string }>(async () => {
      throw new Error('submitSignup is provided by the app');
    }),
  },
  guards: {
    isValid: form.passes(SignupValuesSchema),
  },
  actions: {
    ...form.actions<SignupContext, SignupEvent>(),
    keepNext: assign({ next: (_, params: { next: string }) => params.next }),
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({ next: input.next, serverErrors: {} }),
  initial: 'editing',
  states: {
    editing: {
      description: 'Fields: email, password, agree — a link to /login/ — social buttons.',
      on: {
        'field.edit': form.forgetServerErrorOnEdit(),
        'form.submit': form.submitWhen('isValid', 'submitting'),
      },
    },
    submitting: {
      description: 'Creates the account and e-mails a code.',
      tags: ['busy'],
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        input: ({ context, event }) => ({
          ...form.submitted(event, 'form.submit').values,
          next: context.next,
        }),
        onDone: {
          target: 'registered',
          actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output.next }) },
        },
        onError: form.backWithServerErrors('editing'),
      },
    },
    registered: {
      description: 'Goes to the e-mail verification step.',
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => ({ next: context.next }),
});
