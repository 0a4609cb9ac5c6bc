import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { signUp } from '../api/identity.api.ts';
import { signupMachine, SignupValuesSchema } from '../../machines/signup.machine.ts';
import { activeLocale } from '../i18n/i18n.ts';
import { claimSignupErrors } from './verification.flow.ts';

export const liveSignupMachine = signupMachine.provide({
  actors: {
    submitSignup: fromPromise(async ({ input, signal }) => {
      const { email, password } = v.parse(SignupValuesSchema, input);
      try {
        return await signUp({ email, password, next: input.next, locale: activeLocale() }, signal);
      } catch (error) {
        throw claimSignupErrors(error, ['email', 'password', 'agree'], {
          user_already_exists: 'email',
          invalid_password: 'password',
        });
      }
    }),
  },
});
