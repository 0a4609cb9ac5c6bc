import { fromPromise } from 'xstate';
import { socialAccountsMachine } from '../../machines/social-accounts.machine.ts';
import { fetchSocialAccounts, unlinkSocialAccount } from '../api/profile.api.ts';

export const liveSocialAccountsMachine = socialAccountsMachine.provide({
  actors: {
    loadAccounts: fromPromise(({ signal }) => fetchSocialAccounts(signal)),
    unlinkAccount: fromPromise(({ input, signal }) => unlinkSocialAccount(input, signal)),
  },
});
