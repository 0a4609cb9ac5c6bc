import { assign, fromPromise, setup } from 'xstate';
import type { Unsubscription } from '../contract/identity.ts';
import { ifOutput, withOutput } from './event-params.ts';
import { loadState } from './load-parts.ts';

/**
 * Unsubscribe (/unsubscribe/{token}): shows what the signed link unsubscribes from,
 * then records the choice on confirm. A bad or foreign link ends in `invalid`.
 */
export const unsubscribeMachine = setup({
  types: {
    context: {} as { subscription: Unsubscription | null; failed: boolean },
    events: {} as { type: 'unsubscribe.confirm' } | { type: 'unsubscribe.retry' },
  },
  actors: {
    loadSubscription: fromPromise<Unsubscription>(async () => {
      throw new Error('loadSubscription is provided by the app');
    }),
    confirmUnsubscribe: fromPromise<Unsubscription>(async () => {
      throw new Error('confirmUnsubscribe is provided by the app');
    }),
  },
  guards: {
    isSubscribed: (_, params: { subscription: Unsubscription }) => params.subscription.subscribed,
  },
  actions: {
    keepSubscription: assign({
      subscription: (_, params: { subscription: Unsubscription }) => params.subscription,
    }),
    clearFailure: assign({ failed: false }),
    markFailed: assign({ failed: true }),
  },
}).createMachine({
  id: 'unsubscribe',
  context: { subscription: null, failed: false },
  initial: 'loading',
  states: {
    loading: loadState(
      'loadSubscription',
      'Reads the unsubscribe link.',
      [
        ifOutput('isSubscribed', 'subscription', 'asking', 'keepSubscription'),
        withOutput('unsubscribed', 'keepSubscription', 'subscription'),
      ],
      'invalid',
    ),
    invalid: { description: 'The link is invalid.', on: { 'unsubscribe.retry': 'loading' } },
    asking: {
      description: 'Asks to confirm the unsubscribe.',
      on: { 'unsubscribe.confirm': { target: 'confirming', actions: 'clearFailure' } },
    },
    confirming: {
      description: 'Unsubscribes.',
      tags: ['busy'],
      invoke: {
        id: 'confirmUnsubscribe',
        src: 'confirmUnsubscribe',
        onDone: withOutput('unsubscribed', 'keepSubscription', 'subscription'),
        onError: { target: 'asking', actions: 'markFailed' },
      },
    },
    unsubscribed: { description: 'No more e-mails of this kind.', type: 'final' },
  },
});
