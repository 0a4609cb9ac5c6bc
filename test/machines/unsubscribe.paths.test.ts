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
    asking: (snapshot) => expect(snapshot.context.subscription?.subscribed).toBe(true),
    unsubscribed: (snapshot) => expect(snapshot.context.subscription?.subscribed).toBe(false),
  },
});
