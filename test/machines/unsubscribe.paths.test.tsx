import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine.ts';
import { UnsubscribeView } from '../../src/views/unsubscribe/unsubscribe.view.tsx';
import { Providers } from '../render/providers.tsx';
import type { Unsubscription } from '../../contract/identity.ts';
import { describeMachinePaths, internalEvents, outputOf } from './path-harness.ts';

const QUESTION =
  'Stop sending account notices (data exports, password changes) to demo@example.com?';
const SAVE_FAILED = "Couldn't save your choice. Please try again.";
const unsubscribe = () => screen.getByRole('button', { name: 'Unsubscribe' });

const subscribed = {
  email: 'demo@example.com',
  list: 'account_notices' as const,
  subscribed: true,
};
const unsubscribed = { ...subscribed, subscribed: false };

describeMachinePaths(unsubscribeMachine, {
  paths: 4,
  // Decision "Unsubscribe": the link shows what it unsubscribes from and a confirm
  // button; an invalid link says so; a failed save is said and may be tried again.
  steps: {
    loading: {
      'done: loadSubscription': (_, event) => {
        const subscription: Unsubscription = outputOf(event);
        return { to: subscription.subscribed ? 'asking' : 'unsubscribed', set: { subscription } };
      },
      'error: loadSubscription': { to: 'invalid' },
    },
    invalid: { 'unsubscribe.retry': { to: 'loading', starts: { loadSubscription: undefined } } },
    asking: {
      'unsubscribe.confirm': {
        to: 'confirming',
        set: { failed: false },
        starts: { confirmUnsubscribe: undefined },
      },
    },
    confirming: {
      'done: confirmUnsubscribe': (_, event) => ({
        to: 'unsubscribed',
        set: { subscription: outputOf(event) },
      }),
      'error: confirmUnsubscribe': { to: 'asking', set: { failed: true } },
    },
  },
  events: (snapshot) => [
    { type: 'unsubscribe.confirm' },
    { type: 'unsubscribe.retry' },
    ...internalEvents(snapshot, {
      loadSubscription: { output: [subscribed, unsubscribed] },
      confirmUnsubscribe: { output: [unsubscribed] },
    }),
  ],
  serialize: (snapshot) => ({
    subscribed: snapshot.context.subscription?.subscribed ?? null,
    failed: snapshot.context.failed,
  }),
  states: {
    loading: (snapshot) => {
      // The link is being read: busy, nothing known yet, nothing failed, nothing to confirm.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.subscription).toBeNull();
      expect(snapshot.context.failed).toBe(false);
      expect(snapshot.can({ type: 'unsubscribe.confirm' })).toBe(false);
    },
    invalid: (snapshot) => {
      // A bad or foreign link: no subscription shown, nothing to confirm, a retry offered.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.subscription).toBeNull();
      expect(snapshot.can({ type: 'unsubscribe.confirm' })).toBe(false);
      expect(snapshot.can({ type: 'unsubscribe.retry' })).toBe(true);
    },
    confirming: (snapshot) => {
      // The choice is being recorded: busy, an earlier failure cleared, still subscribed.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.failed).toBe(false);
      expect(snapshot.context.subscription?.subscribed).toBe(true);
      expect(snapshot.can({ type: 'unsubscribe.confirm' })).toBe(false);
    },
    asking: (snapshot) => expect(snapshot.context.subscription?.subscribed).toBe(true),
    unsubscribed: (snapshot) => expect(snapshot.context.subscription?.subscribed).toBe(false),
  },
  view: {
    render: (snapshot) => (
      <Providers locale="en">
        <UnsubscribeView snapshot={snapshot} send={() => {}} />
      </Providers>
    ),
    states: {
      loading: () => {
        screen.getByRole('heading', { name: 'Unsubscribe' });
        expect(screen.getByRole('status').textContent).toBe('Loading');
        expect(screen.queryByText(QUESTION)).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
      invalid: () => {
        screen.getByText('This unsubscribe link is not valid.');
        expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
        expect(screen.queryByText(QUESTION)).toBeNull();
        expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
      },
      asking: (snapshot) => {
        screen.getByText(QUESTION);
        expect(unsubscribe()).toHaveProperty('disabled', false);
        // A failed save says so, until the next try.
        const alert = screen.queryByRole('alert');
        expect(alert?.textContent ?? null).toBe(snapshot.context.failed ? SAVE_FAILED : null);
      },
      confirming: () => {
        screen.getByText(QUESTION);
        expect(unsubscribe()).toHaveProperty('disabled', true);
        expect(unsubscribe().getAttribute('data-loading')).not.toBeNull();
        expect(screen.queryByText(SAVE_FAILED)).toBeNull();
      },
      unsubscribed: () => {
        expect(screen.getByRole('status').textContent).toBe(
          'demo@example.com will no longer receive account notices.',
        );
        expect(screen.queryByText(QUESTION)).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
});
