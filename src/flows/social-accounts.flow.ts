import { fromPromise } from 'xstate';
import {
  socialAccountsMachine,
  type SocialAccountsInput,
} from '../../machines/social-accounts.machine.ts';
import {
  fetchSocialAccounts,
  givenSocialAccounts,
  unlinkSocialAccount,
} from '../api/profile.api.ts';

export const liveSocialAccountsMachine = socialAccountsMachine.provide({
  actors: {
    loadAccounts: fromPromise(({ signal }) => fetchSocialAccounts(signal)),
    unlinkAccount: fromPromise(({ input, signal }) => unlinkSocialAccount(input, signal)),
  },
});

/** The block's input: the linked accounts, if the page brought them. */
export const socialAccountsInput = (): SocialAccountsInput => ({
  accounts: givenSocialAccounts(),
});
