import type { SnapshotFrom } from 'xstate';
import { confirmMachine } from '../../machines/confirm.machine.ts';
import type { paymentStatusMachine } from '../../machines/payment-status.machine.ts';
import type { subscriptionMachine } from '../../machines/subscription.machine.ts';
import { SubscriptionView } from '../../src/views/subscription/subscription.view.tsx';
import { Providers } from './providers.tsx';

/**
 * The subscription page in English as the path tests draw it for a snapshot of its
 * machine (and of its payment-status child, while it polls): no confirmation asked, and
 * nothing the user does is sent anywhere.
 */
export const subscriptionPage = (
  snapshot: SnapshotFrom<typeof subscriptionMachine>,
  payment?: SnapshotFrom<typeof paymentStatusMachine>,
) => (
  <Providers locale="en">
    <SubscriptionView
      snapshot={snapshot}
      send={() => {}}
      confirm={confirmMachine.resolveState({ value: 'closed', context: {} })}
      sendConfirm={() => {}}
      payment={payment}
      locale="en"
    />
  </Providers>
);
