import { assign, fromPromise, setup } from 'xstate';
import type { SocialProvider } from '../contract/identity.ts';
import { withError } from './event-params.ts';
import { Refusal } from './refusal.ts';
import { loadState } from './load-parts.ts';

export interface SocialAccountConsentInput {
  /** The provider whose identity the server holds until the visitor decides. */
  provider: SocialProvider;
}
export interface SocialAccountConsentContext extends SocialAccountConsentInput {
  next: string | null;
  error: string | null;
}
export type SocialAccountConsentEvent = { type: 'consent.agree' } | { type: 'consent.disagree' };
export type SocialAccountConsentOutput =
  | { outcome: 'signedIn'; next: string }
  | { outcome: 'declined' }
  | { outcome: 'failed'; error: string };

/** What an actor rejects with: the server's error code, for the page to word. */
export class ConsentRefused extends Refusal {
  override readonly name = 'ConsentRefused';
  constructor(code: string) {
    super('The consent', code);
  }
}

/**
 * Social sign-in of an identity new here (/login/1?consent={provider}): the server made
 * no account yet. The visitor agrees to the terms of service and the privacy policy
 * (`acceptConsent` creates the account and signs in) or not (`declineConsent` drops
 * the identity). Ends in `signedIn`, `declined` or `failed`. No timeouts.
 */
export const socialAccountConsentMachine = setup({
  types: {
    context: {} as SocialAccountConsentContext,
    events: {} as SocialAccountConsentEvent,
    input: {} as SocialAccountConsentInput,
    output: {} as SocialAccountConsentOutput,
  },
  actors: {
    acceptConsent: fromPromise<{ next: string }>(async () => {
      throw new Error('acceptConsent is provided by the app');
    }),
    declineConsent: fromPromise<void>(async () => {
      throw new Error('declineConsent is provided by the app');
    }),
  },
  actions: {
    keepNext: assign({ next: (_, params: { next: string }) => params.next }),
    keepError: assign({
      error: (_, params: { error: unknown }) =>
        params.error instanceof ConsentRefused ? params.error.code : 'system',
    }),
  },
}).createMachine({
  id: 'socialAccountConsent',
  context: ({ input }) => ({ ...input, next: null, error: null }),
  initial: 'asking',
  states: {
    asking: {
      description:
        'An unknown identity: agree to the terms of service and privacy policy, or disagree.',
      on: { 'consent.agree': 'creating', 'consent.disagree': 'declining' },
    },
    creating: {
      description: 'Agreed: the account is created and signed in.',
      tags: ['busy'],
      invoke: {
        id: 'acceptConsent',
        src: 'acceptConsent',
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepNext', params: ({ event }) => ({ next: event.output.next }) },
        },
        onError: withError('failed', 'keepError'),
      },
    },
    // The server forgets the identity in minutes anyway: a failed decline changes nothing.
    declining: loadState(
      'declineConsent',
      'Disagreed: the pending identity is dropped.',
      'declined',
      'declined',
    ),
    signedIn: { description: 'Signed in: goes on to next.', type: 'final', tags: ['busy'] },
    declined: { description: 'No account was created — back to sign-in.', type: 'final' },
    failed: { description: 'The provider session expired — start again.', type: 'final' },
  },
  output: ({ context }): SocialAccountConsentOutput => {
    if (context.next !== null) return { outcome: 'signedIn', next: context.next };
    if (context.error !== null) return { outcome: 'failed', error: context.error };
    return { outcome: 'declined' };
  },
});
