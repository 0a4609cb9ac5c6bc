import { assign, fromPromise, setup } from 'xstate';
import type { AccountEmail } from '../contract/identity.ts';
import { ifError, withOutput } from './event-params.ts';
import { Refusal } from './refusal.ts';

/** Why the server refused the link: it is unknown, used, voided by an earlier undo or late. */
export type UndoRefusal =
  'wrong_token' | 'token_used' | 'token_superseded' | 'token_expired' | 'user_already_exists';

/** What an actor rejects with when the server refused the link itself. */
export class UndoRefused extends Refusal<UndoRefusal> {
  override readonly name = 'UndoRefused';
  constructor(code: UndoRefusal) {
    super('The undo link', code);
  }
}

export interface EmailUndoContext {
  /** The address put back. */
  email: string | null;
  refusal: UndoRefusal | null;
}

/**
 * The link mailed to the old address after an e-mail change (/email/undo/{token},
 * decision 0217). Opening it changes nothing (mail scanners open links too): the page
 * asks, and Undo puts the old address back and signs every browser of the account out.
 * A link the server refuses (used, superseded, expired, unknown) ends in `refused`,
 * which says why; any other failure leaves the question with a note to try again.
 */
export const emailUndoMachine = setup({
  types: {
    context: {} as EmailUndoContext,
    events: {} as { type: 'undo.confirm' },
  },
  actors: {
    undoEmailChange: fromPromise<AccountEmail>(async () => {
      throw new Error('undoEmailChange is provided by the app');
    }),
  },
  guards: {
    isRefused: (_, params: { error: unknown }) => params.error instanceof UndoRefused,
  },
  actions: {
    keepRestored: assign({
      email: (_, params: { restored: AccountEmail }) => params.restored.email,
    }),
    keepRefusal: assign({
      refusal: (_, params: { error: unknown }) =>
        params.error instanceof UndoRefused ? params.error.code : null,
    }),
  },
}).createMachine({
  id: 'emailUndo',
  context: { email: null, refusal: null },
  initial: 'asking',
  states: {
    asking: {
      description: 'Asks to put the old address back and sign every browser of the profile out.',
      on: { 'undo.confirm': 'undoing' },
    },
    failed: {
      description: 'The undo did not go through for another reason: asks again.',
      on: { 'undo.confirm': 'undoing' },
    },
    undoing: {
      description: 'Puts the old address back.',
      tags: ['busy'],
      invoke: {
        id: 'undoEmailChange',
        src: 'undoEmailChange',
        onDone: withOutput('undone', 'keepRestored', 'restored'),
        onError: [
          ifError('isRefused', 'refused', 'keepRefusal'),
          // Only `refused` keeps a refusal, and it is final: none is kept here.
          { target: 'failed' },
        ],
      },
    },
    undone: {
      description:
        'The old address is back and every browser of the profile is signed out: sign in and reset the password.',
      type: 'final',
    },
    refused: {
      description: 'The link is used, superseded, expired or unknown: the page says which.',
      type: 'final',
    },
  },
});
