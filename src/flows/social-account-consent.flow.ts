import { fromPromise } from 'xstate';
import { ApiError } from '../api/errors.ts';
import { acceptSocialConsent, declineSocialConsent } from '../api/social.api.ts';
import {
  ConsentRefused,
  socialAccountConsentMachine,
} from '../../machines/social-account-consent.machine.ts';

/** Loaded only when the sign-in page asks for consent, not with its first visit. */
export const liveSocialAccountConsentMachine = socialAccountConsentMachine.provide({
  actors: {
    acceptConsent: fromPromise(async ({ signal }) => {
      try {
        return await acceptSocialConsent(signal);
      } catch (error) {
        // The page words the code above the form; no toast on top of it.
        throw error instanceof ApiError ? new ConsentRefused(error.code) : error;
      }
    }),
    declineConsent: fromPromise(({ signal }) => declineSocialConsent(signal)),
  },
});
