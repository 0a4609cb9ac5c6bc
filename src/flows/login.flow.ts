import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { LoginForm } from '../../contract/auth.ts';
import { signIn } from '../api/auth.api.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { claimFieldErrors } from './field-errors.ts';

export const liveLoginMachine = loginMachine.provide({
  actors: {
    submitLogin: fromPromise(async ({ input, signal }) => {
      const { login, password } = v.parse(LoginForm, input);
      try {
        return await signIn({ login, password, next: input.next }, signal);
      } catch (error) {
        throw claimFieldErrors(error, ['login', 'password']);
      }
    }),
  },
});
