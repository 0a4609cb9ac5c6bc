import { assign, fromPromise, setup } from 'xstate';
import type { SocialAccount, SocialProvider } from '../contract/identity.ts';
import { errorCode } from './error-code.ts';
import { withError, withOutput } from './event-params.ts';
import { givenAtStart, loadState, retryState, startGiven } from './load-parts.ts';

export interface SocialAccountsContext {
  accounts: SocialAccount[];
  /** The provider being unlinked, or the one the server refused to unlink. */
  provider: SocialProvider | null;
  /** Why the last unlink was refused (an error code), shown next to it. */
  error: string | null;
}
export interface SocialAccountsInput {
  /** The linked accounts, when the page brought them: the list shows at once. */
  accounts?: SocialAccount[];
}
export type SocialAccountsEvent =
  { type: 'account.unlink'; provider: SocialProvider } | { type: 'accounts.retry' };

/**
 * The social accounts block of /profile: lists the linked providers (at once when the
 * page brought them) and unlinks one on request; the server refuses to unlink the last
 * way to sign in. Linking another is a navigation to the provider, outside the machine.
 */
export const socialAccountsMachine = setup({
  types: {
    context: {} as SocialAccountsContext,
    events: {} as SocialAccountsEvent,
    input: {} as SocialAccountsInput,
  },
  actors: {
    loadAccounts: fromPromise<SocialAccount[]>(async () => {
      throw new Error('loadAccounts is provided by the app');
    }),
    unlinkAccount: fromPromise<void, SocialProvider>(async () => {
      throw new Error('unlinkAccount is provided by the app');
    }),
  },
  actions: {
    keepAccounts: assign({
      accounts: (_, params: { accounts: SocialAccount[] }) => params.accounts,
    }),
    chooseProvider: assign({
      provider: (_, params: { provider: SocialProvider }) => params.provider,
      error: null,
    }),
    dropUnlinked: assign({
      accounts: ({ context }) => context.accounts.filter((a) => a.provider !== context.provider),
      provider: null,
    }),
    keepError: assign({ error: (_, params: { error: unknown }) => errorCode(params.error) }),
  },
  guards: { givenAtStart },
}).createMachine({
  id: 'socialAccounts',
  context: { accounts: [], provider: null, error: null },
  initial: 'loading',
  states: {
    loading: loadState(
      'loadAccounts',
      'The linked social accounts load.',
      withOutput('ready', 'keepAccounts', 'accounts'),
      'loadFailed',
      startGiven('accounts', 'ready', 'keepAccounts'),
    ),
    loadFailed: retryState(
      'accounts.retry',
      'The social accounts could not be loaded, with Try again.',
    ),
    ready: {
      description: 'The linked providers, each with Unlink.',
      on: {
        'account.unlink': {
          target: 'unlinking',
          actions: {
            type: 'chooseProvider',
            params: ({ event }) => ({ provider: event.provider }),
          },
        },
      },
    },
    unlinking: {
      description: 'Unlinks one — the last way to sign in is refused.',
      tags: ['busy'],
      invoke: {
        id: 'unlinkAccount',
        src: 'unlinkAccount',
        input: ({ event }) => {
          if (event.type !== 'account.unlink')
            throw new Error('unlinking starts with account.unlink');
          return event.provider;
        },
        onDone: {
          target: 'ready',
          actions: 'dropUnlinked',
        },
        onError: withError('ready', 'keepError'),
      },
    },
  },
});
