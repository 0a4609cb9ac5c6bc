import { expect } from 'vitest';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine.ts';
import { describeMachinePaths, internalEvents } from './path-harness.ts';

const subscribed = {
  email: 'demo@example.com',
  list: 'account_notices' as const,
  subscribed: true,
};
const unsubscribed = { ...subscribed, subscribed: false };

describeMachinePaths(unsubscribeMachine, {
  paths: 4,
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
      // The link is being read: busy, nothing known yet, nothing to confirm.
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.subscription).toBeNull();
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
});
