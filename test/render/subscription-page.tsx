import type { SnapshotFrom } from 'xstate';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import type { subscriptionMachine } from '../../machines/subscription.machine.ts';
import { SubscriptionView } from '../../src/views/subscription/subscription.view.tsx';
import { Providers } from './providers.tsx';

/**
 * The subscription page in English as the path tests draw it for a snapshot of its
 * machine: no confirmation asked, and nothing the user does is sent anywhere.
 */
export const subscriptionPage = (snapshot: SnapshotFrom<typeof subscriptionMachine>) => (
  <Providers locale="en">
    <SubscriptionView
      snapshot={snapshot}
      send={() => {}}
      confirm={confirmMachine.resolveState({ value: 'closed', context: {} })}
      sendConfirm={() => {}}
      locale="en"
    />
  </Providers>
);
