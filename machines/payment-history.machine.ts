import { assign, fromPromise, setup } from 'xstate';
import type { Payment, PaymentPage } from '../contract/billing.ts';
import { withOutput } from './event-params.ts';
import { givenAtStart, retryState, startGiven } from './load-parts.ts';

export interface PaymentHistoryContext {
  /** The pages loaded so far, newest payment first. */
  payments: Payment[];
  /** The page that comes next, null when the last one is loaded. */
  nextPage: number | null;
}
/** The first page of the history, where the page brought it (decision 0034). */
export interface PaymentHistoryInput {
  page?: PaymentPage;
}

export type PaymentHistoryEvent = { type: 'payments.retry' } | { type: 'payments.more' };

/**
 * "Payment history" on /subscription: the user's card payments and invoice requests,
 * newest first, a page at a time (Show more loads the next), each paid one with its
 * receipt. Read only. The first page the page brought stands for the first read.
 */
export const paymentHistoryMachine = setup({
  types: {
    context: {} as PaymentHistoryContext,
    events: {} as PaymentHistoryEvent,
    input: {} as PaymentHistoryInput,
  },
  actors: {
    loadPage: fromPromise<PaymentPage, number>(async () => {
      throw new Error('loadPage is provided by the app');
    }),
  },
  actions: {
    addPage: assign(({ context }, params: { page: PaymentPage }) => ({
      payments: [...context.payments, ...params.page.payments],
      nextPage: params.page.next_page,
    })),
  },
  guards: {
    givenAtStart,
    hasMore: ({ context }) => context.nextPage !== null,
  },
}).createMachine({
  id: 'paymentHistory',
  context: { payments: [], nextPage: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The first page of the history loads.',
      tags: ['busy'],
      always: startGiven('page', 'ready', 'addPage'),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: 1,
        onDone: withOutput('ready', 'addPage', 'page'),
        onError: 'loadFailed',
      },
    },
    loadFailed: retryState('payments.retry', 'The history could not be loaded, with Try again.'),
    ready: {
      description: 'The payments loaded so far, newest first; Show more while there are more.',
      on: { 'payments.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      description: 'The next page loads below the rows shown.',
      tags: ['busy'],
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => context.nextPage ?? 1,
        onDone: withOutput('ready', 'addPage', 'page'),
        onError: 'moreFailed',
      },
    },
    moreFailed: {
      description: 'The next page could not be loaded: the rows stay, with Try again.',
      on: { 'payments.more': 'loadingMore' },
    },
  },
});
