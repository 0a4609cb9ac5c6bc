import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Card, CardAnswer, CardSetupStatus } from '../../contract/billing.ts';
import { ApiError } from '../../src/api/errors.ts';
import { cardOnFileMachine, type CardOutcome } from '../../machines/card-on-file.machine.ts';
import { CardOnFileView } from '../../src/views/subscription/card-on-file.view.tsx';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';
import { englishView } from './path-view.tsx';

const visa: Card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const mir: Card = { brand: 'mir', last4: '0004', exp_month: 9, exp_year: 2031 };
const open: CardSetupStatus = { status: 'open', card: visa };
const saved: CardSetupStatus = { status: 'saved', card: mir };
const notSaved: CardSetupStatus = { status: 'not_saved', card: visa };
/** The server's refusal of one request, not about a field. */
const refusal = (status: number, code: string, detail: string, url: string, useCase: string) =>
  new ApiError([{ code, detail, source: { pointer: '' }, status, url, useCase }], status);
const busy = refusal(
  409,
  'checkout_in_progress',
  'A payment is in progress',
  '/api/v1/card/',
  'change_card',
);
const unknown = refusal(
  404,
  'not_found',
  'Not found',
  '/api/v1/card/setups/co_setup/',
  'get_card_setup',
);

const SAID: Record<string, string> = {
  'visa 4242': 'Visa •••• 4242, expires 12/2030',
  'mir 0004': 'Mir •••• 0004, expires 09/2031',
};
const said = (card: Card | null) =>
  (card ? SAID[`${card.brand} ${card.last4}`] : null) ??
  'The payment system has not reported a card yet.';
const OUTCOMES = {
  saved: 'The new card is saved: the next payments are charged to it.',
  not_saved: 'The card was not changed.',
  unconfirmed:
    'The payment system has not confirmed the new card yet. It will show here once it does.',
};
const NOT_CHANGEABLE = 'This payment system does not let the card be changed here.';
const title = () => screen.getByRole('heading', { level: 2, name: 'Payment card' });
const change = () => screen.getByRole('button', { name: 'Change card' });

describeMachinePaths(cardOnFileMachine, {
  paths: 24,
  // Back from the provider's page with a card setup: the card loads, the setup is
  // polled every second for at most 30 s; saved shows the new card, not saved the old
  // one; Change card starts a setup and leaves for the provider's page. Opened plainly
  // (the input), or back with a card setup (its paths walk too); the card the page
  // brought shows at once, or is polled for at once (decision 0034).
  input: { setupId: null },
  starts: {
    'back with a card setup': { input: { setupId: 'co_setup' }, at: 'loading', walk: true },
    'the page brought the card': {
      input: { setupId: null, answer: { card: visa, changeable: true } },
      at: 'ready',
    },
    'the page brought the card, back with a card setup': {
      input: { setupId: 'co_setup', answer: { card: visa, changeable: true } },
      at: 'confirming.checking',
    },
  },
  steps: {
    loading: {
      'done: loadCard': ({ context }, event) => {
        const { card, changeable }: CardAnswer = outputOf(event);
        return context.setupId === null
          ? { to: 'ready', set: { card, changeable } }
          : {
              to: 'confirming.checking',
              set: { card, changeable },
              starts: { loadSetup: context.setupId },
            };
      },
      'error: loadCard': { to: 'loadFailed' },
    },
    loadFailed: {
      'card.retry': { to: 'loading', starts: { loadCard: undefined } },
    },
    'confirming.checking': {
      'done: loadSetup': (_, event) => {
        const setup: CardSetupStatus = outputOf(event);
        const outcome: CardOutcome = setup.status === 'saved' ? 'saved' : 'not_saved';
        return setup.status === 'open'
          ? { to: 'confirming.waiting' }
          : {
              to: 'ready',
              set: { card: setup.card, outcome },
            };
      },
      // Not the user's own setup: nothing to tell; any other failure: the next poll.
      'error: loadSetup': (_, event) =>
        (event as unknown as { error: ApiError }).error === unknown
          ? { to: 'ready', set: { setupId: null } }
          : { to: 'confirming.waiting' },
      'after confirmTimeout': { to: 'ready', set: { outcome: 'unconfirmed' }, after: 30_000 },
    },
    'confirming.waiting': {
      'after pollInterval': {
        to: 'confirming.checking',
        after: 1000,
        starts: { loadSetup: 'co_setup' },
      },
      // The clock runs on to the deadline: the poll due meanwhile starts on the way.
      'after confirmTimeout': {
        to: 'ready',
        set: { outcome: 'unconfirmed' },
        after: 30_000,
        starts: { loadSetup: 'co_setup' },
      },
    },
    ready: {
      // Only where the provider takes a card change.
      'card.change': ({ context }) =>
        context.changeable
          ? {
              to: 'starting',
              set: { outcome: null, error: null },
              starts: { startSetup: undefined },
            }
          : { to: 'ready' },
    },
    starting: {
      'done: startSetup': (_, event) => ({ to: 'leaving', set: { leaving: outputOf(event) } }),
      'error: startSetup': (_, event) => ({
        to: 'startFailed',
        set: { error: (event as unknown as { error: ApiError }).error.code },
      }),
    },
    startFailed: {
      'card.change': {
        to: 'starting',
        set: { error: null, outcome: null },
        starts: { startSetup: undefined },
      },
    },
  },
  events: (snapshot) => [
    { type: 'card.retry' },
    { type: 'card.change' },
    ...internalEvents(snapshot, {
      loadCard: {
        output: [
          { card: visa, changeable: true },
          // A provider without a card-only setup (YooKassa).
          { card: visa, changeable: false },
        ],
        error: [new Error('network down')],
      },
      loadSetup: { output: [open, saved, notSaved], error: [new Error('network down'), unknown] },
      startSetup: { output: ['http://localhost/sandbox/pay/co_next'], error: [busy] },
    }),
  ],
  serialize: (snapshot) => [
    snapshot.context.setupId,
    snapshot.context.card?.last4 ?? null,
    snapshot.context.changeable,
    snapshot.context.outcome,
    snapshot.context.error,
  ],
  states: {
    loading: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
    loadFailed: (snapshot) => expect(snapshot.can({ type: 'card.retry' })).toBe(true),
    confirming: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      // The card shown meanwhile is the one loaded (or brought).
      expect(snapshot.context.card).toEqual(visa);
      // Change card waits until the setup come back from is known.
      expect(snapshot.can({ type: 'card.change' })).toBe(false);
    },
    ready: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'card.change' })).toBe(snapshot.context.changeable);
      // An outcome only after coming back from a setup.
      expect(snapshot.context.outcome !== null).toBe(snapshot.context.setupId !== null);
    },
    'confirming.checking': (snapshot) => expect(snapshot.children.loadSetup).toBeDefined(),
    'confirming.waiting': (snapshot) => {
      // Between polls nothing is under way, and the card is the one loaded.
      expect(snapshot.children.loadSetup).toBeUndefined();
      expect(snapshot.context.card).toEqual(visa);
    },
    starting: (snapshot) => expect(snapshot.context.error).toBeNull(),
    startFailed: (snapshot) => expect(snapshot.context.error).toBe('checkout_in_progress'),
    leaving: (snapshot) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toBe('http://localhost/sandbox/pay/co_next');
    },
  },
  view: {
    render: englishView(CardOnFileView),
    states: {
      loading: () => {
        title();
        expect(screen.getByRole('status').textContent).toBe('Loading');
        expect(screen.queryByRole('button')).toBeNull();
      },
      loadFailed: () => {
        title();
        screen.getByText("Couldn't load your card.");
        screen.getByRole('button', { name: 'Try again' });
      },
      confirming: (snapshot) => {
        title();
        screen.getByText(said(snapshot.context.card));
        screen.getByText('Waiting for the payment system to confirm the new card…');
        if (snapshot.context.changeable) expect(change().hasAttribute('disabled')).toBe(true);
        else expect(screen.queryByRole('button', { name: 'Change card' })).toBeNull();
      },
      'confirming.checking': () => title(),
      'confirming.waiting': () => {
        title();
        screen.getByText('Waiting for the payment system to confirm the new card…');
      },
      ready: (snapshot) => {
        title();
        screen.getByText(said(snapshot.context.card));
        const { outcome } = snapshot.context;
        expect(screen.queryByRole('status')?.textContent ?? null).toBe(
          outcome ? OUTCOMES[outcome] : null,
        );
        if (snapshot.context.changeable) {
          expect(change().hasAttribute('disabled')).toBe(false);
        } else {
          expect(screen.queryByRole('button', { name: 'Change card' })).toBeNull();
          screen.getByText(NOT_CHANGEABLE);
        }
        expect(screen.queryByRole('alert')).toBeNull();
      },
      starting: () => {
        title();
        expect(change().hasAttribute('disabled')).toBe(true);
      },
      startFailed: () => {
        title();
        expect(screen.getByRole('alert').textContent).toBe(
          'A payment is in progress. Try again once it is finished.',
        );
        expect(change().hasAttribute('disabled')).toBe(false);
      },
      leaving: () => {
        title();
        expect(change().hasAttribute('disabled')).toBe(true);
      },
    },
  },
});

describe('the card the page brought (decision 0034)', () => {
  it.each([null, 'co_setup'])('is kept as the start, back from setup %s', (setupId) => {
    const answer = { card: visa, changeable: true };
    const snapshot = createActor(cardOnFileMachine, { input: { setupId, answer } }).getSnapshot();
    expect(snapshot.context).toMatchObject({ card: visa, changeable: true, setupId });
  });
});
