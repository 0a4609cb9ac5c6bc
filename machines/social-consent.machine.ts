import { assign, setup } from 'xstate';
import type { SocialProvider } from '../contract/identity.ts';

export interface SocialConsentContext {
  provider: SocialProvider | null;
}
export type SocialConsentEvent =
  | { type: 'provider.choose'; provider: SocialProvider }
  | { type: 'consent.agree' }
  | { type: 'consent.disagree' };

/**
 * Social sign-up: choosing a provider first asks to agree to the terms of service
 * and the privacy policy. Disagree closes the dialog; Agree ends in `redirecting`
 * with the provider, and the app sends the browser to it. No timeouts.
 */
export const socialConsentMachine = setup({
  types: {
    context: {} as SocialConsentContext,
    events: {} as SocialConsentEvent,
    output: {} as { provider: SocialProvider },
  },
  actions: {
    keepProvider: assign({
      provider: (_, params: { provider: SocialProvider }) => params.provider,
    }),
    forgetProvider: assign({ provider: null }),
  },
}).createMachine({
  id: 'socialConsent',
  context: { provider: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The social buttons.',
      on: {
        'provider.choose': {
          target: 'confirming',
          actions: { type: 'keepProvider', params: ({ event }) => ({ provider: event.provider }) },
        },
      },
    },
    confirming: {
      description: 'The dialog: agree to the terms of service and privacy policy, or disagree.',
      on: {
        'consent.agree': 'redirecting',
        'consent.disagree': { target: 'closed', actions: 'forgetProvider' },
      },
    },
    redirecting: {
      description: "Agreed: the browser goes to the provider's URL.",
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => ({ provider: context.provider ?? 'yandex' }),
});
