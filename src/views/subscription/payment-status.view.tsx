import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { paymentStatusMachine } from '../../../machines/payment-status.machine.ts';
import { Busy } from '../../components/status.tsx';

export interface PaymentStatusViewProps {
  /** The /subscription page's payment-status child; undefined until the page starts it. */
  snapshot: SnapshotFrom<typeof paymentStatusMachine> | undefined;
}

/**
 * Back from the payment provider, while the /subscription page polls the payment status
 * (section 4): 'waiting response from payment system', from the start (idle, as the page
 * tells it the return status) through every poll, and once it is settled or timed out
 * until the page, at once, takes the answer and loads the subscription.
 */
export function PaymentStatusView({ snapshot }: PaymentStatusViewProps) {
  const { t } = useLingui();
  const value = snapshot?.value ?? 'idle';
  const state = typeof value === 'string' ? value : 'polling';
  switch (state) {
    case 'idle':
    case 'polling':
    case 'settled':
    case 'timedOut':
      return <Busy label={t`waiting response from payment system`} />;
    default:
      return state satisfies never;
  }
}
