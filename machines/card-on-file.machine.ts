import { and, assign, fromPromise, setup } from 'xstate';
import type { Card, CardAnswer, CardSetupStatus } from '../contract/billing.ts';
import { errorCode } from './error-code.ts';
import { fromError, fromOutput, ifOutput, withError, withOutput } from './event-params.ts';
import { fromStart, givenAtStart, loadState, retryState, startGiven } from './load-parts.ts';

/** What the page tells of a card setup the user came back from. */
export type CardOutcome = 'saved' | 'not_saved' | 'unconfirmed';

export interface CardOnFileContext {
  /** The card the provider reported, null when it told none. */
  card: Card | null;
  /** The provider takes a card change here (false: the page offers none). */
  changeable: boolean;
  /** The card setup the provider sent the user back from (`card_setup`), else null. */
  setupId: string | null;
  outcome: CardOutcome | null;
  /** The refusal's code when a change could not start. */
  error: string | null;
  /** The provider's page to go to. */
  leaving: string | null;
}
/**
 * The card block's input: the card setup the provider sent the user back from
 * (`card_setup` in the address), and the card the page brought (decision 0034).
 */
export interface CardOnFileInput {
  setupId: string | null;
  answer?: CardAnswer;
}

export type CardOnFileEvent = { type: 'card.retry' } | { type: 'card.change' };

/**
 * "Payment card" on /subscription: the card autopayments charge, as the provider
 * reports it, and Change card, which sends the user to the provider's page for a card
 * setup that charges nothing, where the provider takes one. Back from it (`card_setup` in the address) the setup is
 * polled every second, for at most 30 s as a successful payment's return is, until the
 * provider has settled it: saved (the new card), or not saved (declined, cancelled).
 * The card the page brought stands for the first read.
 */
export const cardOnFileMachine = setup({
  types: {
    context: {} as CardOnFileContext,
    events: {} as CardOnFileEvent,
    input: {} as CardOnFileInput,
    output: {} as string | null,
  },
  actors: {
    loadCard: fromPromise<CardAnswer>(async () => {
      throw new Error('loadCard is provided by the app');
    }),
    loadSetup: fromPromise<CardSetupStatus, string>(async () => {
      throw new Error('loadSetup is provided by the app');
    }),
    startSetup: fromPromise<string>(async () => {
      throw new Error('startSetup is provided by the app');
    }),
  },
  actions: {
    keepCard: assign((_, params: { answer: CardAnswer }) => ({
      card: params.answer.card,
      changeable: params.answer.changeable,
    })),
    keepSetup: assign((_, params: { setup: CardSetupStatus }) => ({
      card: params.setup.card,
      outcome: params.setup.status === 'saved' ? ('saved' as const) : ('not_saved' as const),
    })),
    unconfirmed: assign({ outcome: 'unconfirmed' as const }),
    forgetSetup: assign({ setupId: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => errorCode(params.error) }),
    startAfresh: assign({ error: null, outcome: null }),
    keepLeaving: assign({ leaving: (_, params: { url: string }) => params.url }),
  },
  guards: {
    givenAtStart,
    cameBack: ({ context }) => context.setupId !== null,
    changeable: ({ context }) => context.changeable,
    settled: (_, params: { setup: CardSetupStatus }) => params.setup.status !== 'open',
    setupUnknown: (_, params: { error: unknown }) => errorCode(params.error) === 'not_found',
  },
  delays: {
    pollInterval: 1000,
    confirmTimeout: 30_000,
  },
}).createMachine({
  id: 'cardOnFile',
  context: ({ input }) => ({
    card: null,
    changeable: false,
    setupId: input.setupId,
    outcome: null,
    error: null,
    leaving: null,
  }),
  initial: 'loading',
  states: {
    loading: loadState(
      'loadCard',
      'The saved card loads.',
      [
        {
          guard: 'cameBack',
          target: 'confirming',
          actions: { type: 'keepCard', params: fromOutput('answer') },
        },
        withOutput('ready', 'keepCard', 'answer'),
      ],
      'loadFailed',
      [
        {
          guard: and([{ type: 'givenAtStart', params: { key: 'answer' } }, 'cameBack']),
          target: 'confirming',
          actions: { type: 'keepCard', params: fromStart('answer') },
        },
        startGiven('answer', 'ready', 'keepCard'),
      ],
    ),
    loadFailed: retryState('card.retry', 'The card could not be loaded, with Try again.'),
    confirming: {
      description:
        'Back from the provider: the card setup is polled every second, for at most 30 s, until the provider has settled it.',
      tags: ['busy'],
      initial: 'checking',
      after: { confirmTimeout: { target: 'ready', actions: 'unconfirmed' } },
      states: {
        checking: {
          description: 'Asks for the card setup.',
          invoke: {
            id: 'loadSetup',
            src: 'loadSetup',
            input: ({ context }) => context.setupId ?? '',
            onDone: [
              ifOutput('settled', 'setup', '#cardOnFile.ready', 'keepSetup'),
              { target: 'waiting' },
            ],
            onError: [
              // Not the user's own setup (a forged or stale address): nothing to tell.
              {
                guard: { type: 'setupUnknown', params: fromError },
                target: '#cardOnFile.ready',
                actions: 'forgetSetup',
              },
              { target: 'waiting' },
            ],
          },
        },
        waiting: {
          description: 'The provider has not settled it yet: waits a second.',
          after: { pollInterval: 'checking' },
        },
      },
    },
    ready: {
      description:
        'The card (or that the provider told none), what became of a setup come back from, and Change card.',
      on: { 'card.change': { guard: 'changeable', target: 'starting', actions: 'startAfresh' } },
    },
    starting: {
      description: "A card setup starts at the provider; its page's address comes back.",
      tags: ['busy'],
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: withOutput('leaving', 'keepLeaving', 'url'),
        onError: withError('startFailed', 'keepError'),
      },
    },
    startFailed: {
      description:
        'The change could not start (why, by its code): the card stays, Change card again.',
      on: { 'card.change': { target: 'starting', actions: 'startAfresh' } },
    },
    leaving: {
      description: "Goes to the provider's page for the card setup.",
      type: 'final',
      tags: ['busy'],
    },
  },
  output: ({ context }) => context.leaving,
});
