import { fromPromise } from 'xstate';
import {
  emailUndoMachine,
  UndoRefused,
  type UndoRefusal,
} from '../../machines/email-undo.machine.ts';
import { isOneOf } from '../../contract/one-of.ts';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { undoEmailChange } from '../api/security.api.ts';

const refusals = [
  'wrong_token',
  'token_used',
  'token_superseded',
  'token_expired',
  'user_already_exists',
] as const satisfies readonly UndoRefusal[];

/** The undo page's machine for one mailed link. */
export function liveEmailUndoMachine(token: string) {
  return emailUndoMachine.provide({
    actors: {
      undoEmailChange: fromPromise(async ({ signal }) => {
        try {
          return await undoEmailChange(token, signal);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // The link's own refusal is the page's to say; anything else is a toast.
          const own = error.items.find((item) => isOneOf(refusals, item.code));
          if (own && isOneOf(refusals, own.code)) throw new UndoRefused(own.code);
          dispatchErrors(error.items);
          throw error;
        }
      }),
    },
  });
}
