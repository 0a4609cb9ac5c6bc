import { fromPromise } from 'xstate';
import { setNewPassword } from '../api/identity.api.ts';
import { ApiError } from '../api/errors.ts';
import { ResetLinkInvalid, setPasswordMachine } from '../../machines/set-password.machine.ts';
import { activeLocale } from '../i18n/i18n.ts';
import { claimSignupErrors } from './verification.flow.ts';

const linkErrors = new Set(['token_not_found', 'wrong_token', 'token_expired']);

export const liveSetPasswordMachine = setPasswordMachine.provide({
  actors: {
    savePassword: fromPromise(async ({ input, signal }) => {
      try {
        await setNewPassword({ ...input, locale: activeLocale() }, signal);
      } catch (error) {
        const link =
          error instanceof ApiError && error.items.find((item) => linkErrors.has(item.code));
        if (link) throw new ResetLinkInvalid(link.code);
        throw claimSignupErrors(error, ['password'], { invalid_password: 'password' });
      }
    }),
  },
});
